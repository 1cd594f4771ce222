import type { IndexLine } from './build-index';
import { findThreads } from './open-threads';

const sessions = (...texts: string[][]): IndexLine[] =>
  texts.flatMap((lines, sessionOrder) =>
    lines.map((text, position) => ({
      sessionId: `s${sessionOrder + 1}`,
      sessionOrder,
      position,
      lineId: `s${sessionOrder + 1}#${position}`,
      text,
    })),
  );

test('quests and promises open threads; a later sentence that completes one about the same thing settles it', () => {
  const threads = findThreads(
    sessions(
      [
        'The innkeeper Marta asks you to find her missing son, Pell.',
        'Thorin says: I swear to avenge the burned village of Oskarn.',
        'We promise to bring the silver chalice back to the temple.',
        'Roll for initiative.',
      ],
      [
        'After a long fight in the caves you found Pell, alive but starving.',
        'Marta weeps and hugs her son.',
        'Bring me the head of the warlord Kragmaw, the captain growls.',
      ],
    ),
  );
  expect(threads.map((t) => [t.kind, t.text, t.sessionId, t.resolvedBy?.lineId ?? null])).toEqual([
    ['quest', 'The innkeeper Marta asks you to find her missing son, Pell.', 's1', 's2#0'],
    ['promise', 'Thorin says: I swear to avenge the burned village of Oskarn.', 's1', null],
    ['promise', 'We promise to bring the silver chalice back to the temple.', 's1', null],
    ['quest', 'Bring me the head of the warlord Kragmaw, the captain growls.', 's2', null],
  ]);
});

test('a completing sentence about something else settles nothing, and no sentence settles itself', () => {
  const threads = findThreads(
    sessions(
      ['We will rescue the prisoners from the mine.', 'You found a rusty key in the barrel.'],
      ['We rescued the prisoners and led them out of the mine.'],
    ),
  );
  expect(threads).toHaveLength(1);
  expect(threads[0].resolvedBy).toEqual({
    text: 'We rescued the prisoners and led them out of the mine.',
    sessionId: 's2',
    lineId: 's2#0',
  });
});

test('ordinary play is not a thread', () => {
  const threads = findThreads(
    sessions([
      'You enter the tavern. It smells of smoke and ale.',
      'I attack the goblin with my sword.',
      'Make a perception check.',
      'We should probably rest here tonight.',
    ]),
  );
  expect(threads).toEqual([]);
});
