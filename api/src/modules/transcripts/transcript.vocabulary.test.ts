import { addToVocabulary, learnedNames, VOCABULARY_MAX_CHARS } from './transcript.vocabulary';

const fix = (before: string, after: string, atSentenceStart = false) => ({
  before: before.split(' '),
  after: after.split(' '),
  atSentenceStart,
});

describe('learnedNames', () => {
  it('learns capitalised names written in place of a word or two', () => {
    expect(
      learnedNames([fix('Thoren', 'Thorin'), fix('crag maw', 'Kragmaw'), fix('red dragon', 'Red Dragon')]),
    ).toEqual(['Thorin', 'Kragmaw', 'Red Dragon']);
  });

  it('strips punctuation and possessives around the name', () => {
    expect(
      learnedNames([fix('Thoren’s', 'Thorin’s'), fix('"meppo,"', '"Meepo,"'), fix('Yusdral', "Yusdrayl's")]),
    ).toEqual(['Thorin', 'Meepo', 'Yusdrayl']);
  });

  it('learns a name at the start of a sentence, but not a common word capitalised there', () => {
    expect(learnedNames([fix('thorin', 'Thorin', true), fix('then', 'Then', true), fix('roll', 'Roll', true)])).toEqual(
      ['Thorin'],
    );
  });

  it('ignores lower-case words, function words, numbers, long phrases and over-long names', () => {
    expect(
      learnedNames([
        fix('Thoren', 'thorin'),
        fix('a', 'The'),
        fix('at', 'At The'),
        fix('ten', '10'),
        fix('x', 'A'),
        fix('one two three four', 'One Two Three Four'),
        fix('long', 'Averyveryveryverylongname Averyveryveryverylongname'),
        fix('Mc', 'McGregor-Smith'),
      ]),
    ).toEqual(['McGregor-Smith']);
  });
});

describe('addToVocabulary', () => {
  it('appends names it lacks, compared without case, in the owner’s separator style', () => {
    expect(addToVocabulary('Meepo, thorin', ['Thorin', 'Kragmaw', 'kragmaw'])).toBe('Meepo, thorin, Kragmaw');
    expect(addToVocabulary('Meepo\nCalcryx', ['Kragmaw'])).toBe('Meepo\nCalcryx\nKragmaw');
    expect(addToVocabulary('', ['Thorin', 'Lyra'])).toBe('Thorin, Lyra');
    expect(addToVocabulary('Meepo; Calcryx', ['calcryx'])).toBe('Meepo; Calcryx');
  });

  it('never grows the vocabulary past its bound', () => {
    const full = 'x'.repeat(VOCABULARY_MAX_CHARS - ', Lyra'.length);
    expect(addToVocabulary(full, ['Thorin', 'Lyra'])).toBe(`${full}, Lyra`);
  });
});
