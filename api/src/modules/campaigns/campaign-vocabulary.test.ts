import { learnedVocabularyOf, PROMPT_MAX_WORDS, promptNames, unionOfNames } from './campaign-vocabulary';

const none = { characters: [], typed: [], confirmed: [], players: [] };

it('orders the names by source: characters, the vocabulary field, confirmed entries, players; each once', () => {
  const names = unionOfNames({
    characters: ['Vexahlia', 'Grog'],
    typed: ['Millbrook', 'vexahlia', 'Thorvald'],
    confirmed: ['Vornhollow', 'Millbrook'],
    players: ['Sam', '  Laura  ', 'grog'],
  });
  expect(names).toEqual(['Vexahlia', 'Grog', 'Millbrook', 'Thorvald', 'Vornhollow', 'Sam', 'Laura']);
});

it("keeps the prompt inside Whisper's budget, dropping the least important names, not the first ones", () => {
  const typed = Array.from({ length: 100 }, (_, i) => `Name${i}`);
  const { names, prompt } = learnedVocabularyOf({ ...none, characters: ['Vexahlia'], typed, players: ['Sam'] });
  // The name correction gets all of them; the prompt only what fits, most important first.
  expect(names).toHaveLength(102);
  const words = prompt!.split(', ');
  expect(words).toHaveLength(PROMPT_MAX_WORDS);
  expect(words[0]).toBe('Vexahlia');
  expect(words[PROMPT_MAX_WORDS - 1]).toBe(`Name${PROMPT_MAX_WORDS - 2}`);
  expect(prompt).not.toContain('Sam');
});

it('counts a name by its words and lets a shorter one behind a long one still fit', () => {
  expect(promptNames(['Vhaskar the Undying Lich King', 'Grog', 'Pike'], 3)).toEqual(['Grog', 'Pike']);
  expect(promptNames(['Vex Ahlia', 'Grog', 'Pike'], 3)).toEqual(['Vex Ahlia', 'Grog']);
});

it('gives no prompt when the campaign has learned no names', () => {
  expect(learnedVocabularyOf(none)).toEqual({ names: [], prompt: undefined });
});
