import { findCycles, importGraph, readSources, SOURCE_ROOTS, type Sources } from './import-graph';

/*
 * No import cycle of any length in the api, the web app or the workflows (ARCHITECTURE.md), but
 * between the api's entities: MikroORM resolves their relations lazily, by name. The pairwise
 * feature-direction test cannot see a cycle through three features; this walks the whole graph.
 */

const ENTITIES = 'api/src/kernel/entities/';
const isEntity = (file: string) => file.startsWith(ENTITIES) && file.endsWith('.entity.ts');
/** An entity importing another for its relation's type. */
const entityRelation = (from: string, to: string) => isEntity(from) && isEntity(to);

const sources = readSources();

test('the sources are all read', () => {
  for (const root of SOURCE_ROOTS) {
    expect([...sources.keys()].filter((file) => file.startsWith(`${root}/`)).length).toBeGreaterThan(10);
  }
});

test('no file imports itself back through any chain of imports, entity relations aside', () => {
  expect(findCycles(importGraph(sources, entityRelation))).toEqual([]);
});

test('the only cycles left out are relations between entities', () => {
  const cycles = findCycles(importGraph(sources));
  // There are some (campaign and its sessions at least), so the allowance is not idle ...
  expect(cycles.length).toBeGreaterThan(0);
  // ... and each runs through entity files only.
  for (const cycle of cycles) expect(cycle.split(' > ').filter((file) => !isEntity(file))).toEqual([]);
});

/** The real sources, in memory, with files of `root` added or rewritten (nothing is written to disk). */
function planted(root: string, files: Record<string, string>): Sources {
  const withProbe = new Map(sources);
  for (const [name, text] of Object.entries(files)) withProbe.set(`${root}/${name}`, text);
  return withProbe;
}

describe('a planted cycle of three files is found', () => {
  test('in the api: plain and type-only imports', () => {
    const graph = importGraph(
      planted('api/src', {
        'cycle-probe/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'cycle-probe/b.ts': "import type { C } from './nested/c';\nexport const b = (c: C) => c;\n",
        'cycle-probe/nested/c.ts': "import { a } from '../a';\nexport type C = typeof a;\n",
      }),
      entityRelation,
    );
    expect(findCycles(graph)).toEqual([
      'api/src/cycle-probe/a.ts > api/src/cycle-probe/b.ts > api/src/cycle-probe/nested/c.ts > api/src/cycle-probe/a.ts',
    ]);
  });

  test('in the web app: components, a folder index and a lazy import', () => {
    const graph = importGraph(
      planted('web/src', {
        'cycle-probe/Panel.tsx': "import { List } from './list';\nexport const Panel = () => <List />;\n",
        'cycle-probe/list/index.tsx': "import { row } from '../row';\nexport const List = () => <ul>{row}</ul>;\n",
        'cycle-probe/row.ts': "export const row = () => import('./Panel');\n",
      }),
      entityRelation,
    );
    expect(findCycles(graph)).toEqual([
      'web/src/cycle-probe/Panel.tsx > web/src/cycle-probe/list/index.tsx > web/src/cycle-probe/row.ts > web/src/cycle-probe/Panel.tsx',
    ]);
  });

  test("in the workflows: through the package's index, by re-exports", () => {
    // The ring the workflows had: a workflow importing the index that exports its type.
    const index = sources.get('workflows/src/index.ts')!;
    const graph = importGraph(
      planted('workflows/src', {
        'index.ts': `${index}export type { a } from './cycle-probe/a.workflow';\n`,
        'cycle-probe/a.workflow.ts': "import { b } from './b';\nexport const a = b;\n",
        'cycle-probe/b.ts': "export * from '../index';\nexport const b = 1;\n",
      }),
      entityRelation,
    );
    expect(findCycles(graph)).toEqual([
      'workflows/src/cycle-probe/a.workflow.ts > workflows/src/cycle-probe/b.ts > workflows/src/index.ts > workflows/src/cycle-probe/a.workflow.ts',
    ]);
  });
});
