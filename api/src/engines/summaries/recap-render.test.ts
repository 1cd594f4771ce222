import type { Recap } from './recap';
import { renderRecap } from './recap-render';

const sentence = (text: string, at: number) => ({ text, lineIds: [`line-${at}`], startMs: at * 1000 });

test('a night of one scene: the moderate recap tells what the brief does, and no less', () => {
  const recap: Recap = {
    scenes: [
      {
        title: 'Scene 1',
        startMs: 0,
        endMs: 30_000,
        where: [],
        people: [],
        met: [],
        main: true,
        happened: [
          sentence('The dragon lands on the castle wall and roars at the village below.', 0),
          sentence('Someone draws their sword and charges at the dragon.', 5),
          sentence('Someone casts a shield spell as the flames wash over the square.', 10),
          sentence('The dragon falls from the wall and the village cheers for the heroes.', 15),
        ],
        found: [],
      },
    ],
    threads: [],
  };
  const { brief, moderate, detailed } = renderRecap(recap);
  const told = (html: string) => html.replace(/<[^>]+>/g, ' ');
  for (const s of brief.split(/(?<=\.)\s+/)) expect(told(moderate)).toContain(s);
  expect(brief.length).toBeLessThan(moderate.length);
  expect(moderate.length).toBeLessThan(detailed.length);
});
