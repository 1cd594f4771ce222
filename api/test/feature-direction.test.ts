import fs from 'node:fs';
import path from 'node:path';

/**
 * Features of api/src/modules talk to each other one way (ARCHITECTURE.md): when one imports
 * another (its public entry, `../<feature>`), the other imports nothing of it. Read from the
 * source's import lines (tests aside).
 */
const modules = path.resolve(__dirname, '../src/modules');
const features = fs
  .readdirSync(modules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** `from -> to` for every import of one feature folder by another, with the importing files. */
function featureImports(): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const file of sources(modules)) {
    const from = path.relative(modules, file).split(path.sep)[0];
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import\(?)\s*'(\.{1,2}\/[^']*)'/g)) {
      const target = path.relative(modules, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (!features.includes(target[0]) || target[0] === from) continue;
      const arrow = `${from} -> ${target[0]}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), path.relative(modules, file)]);
    }
  }
  return arrows;
}

test('no two features import each other', () => {
  const arrows = featureImports();
  expect(arrows.size).toBeGreaterThan(10);
  const twoWay = [...arrows.keys()]
    .filter((arrow) => arrows.has(arrow.split(' -> ').reverse().join(' -> ')))
    .map((arrow) => `${arrow} (${arrows.get(arrow)!.join(', ')})`);
  expect(twoWay).toEqual([]);
});
