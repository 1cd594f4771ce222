import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The relative-import graph of the repo's TypeScript sources, and its cycles of any length
 * (import-cycles.test.ts). Every kind of import counts, as madge counts them: type-only ones,
 * re-exports and dynamic `import()`, since each ties the two files' load or build together.
 */

export const REPO = path.resolve(__dirname, '../..');
/** The folders checked: the api, the web app and the workflows. */
export const SOURCE_ROOTS = ['api/src', 'web/src', 'workflows/src'] as const;

/** Repo-relative paths (with `/`) and their text. */
export type Sources = Map<string, string>;
/** Each file and the files it imports. */
export type ImportGraph = Map<string, string[]>;

export function readSources(roots: readonly string[] = SOURCE_ROOTS): Sources {
  const sources: Sources = new Map();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        sources.set(file, fs.readFileSync(path.join(REPO, file), 'utf8'));
      }
    }
  };
  for (const root of roots) walk(root);
  return sources;
}

/** The source a relative specifier names, as TypeScript and the bundler resolve it; null for packages and assets. */
function resolveImport(from: string, specifier: string, sources: Sources): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.posix.join(path.posix.dirname(from), specifier);
  const stem = target.replace(/\.[cm]?jsx?$/, '');
  const candidates = [target, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`];
  return candidates.find((candidate) => sources.has(candidate)) ?? null;
}

/** The graph; `allowed` leaves out the edges a cycle may run through (the entities' relations). */
export function importGraph(
  sources: Sources,
  allowed: (from: string, to: string) => boolean = () => false,
): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, text] of sources) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveImport(file, fileName, sources))
      .filter((to): to is string => to !== null && !allowed(file, to));
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * One cycle per strongly connected group of files (Tarjan), the shortest through its first file
 * by name, written `a > b > c > a`; sorted, so a failure reads the same on every run.
 */
export function findCycles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => shortestCycle(graph, new Set(group))).sort();
}

/** Breadth-first from the group's first file back to itself, inside the group. */
function shortestCycle(graph: ImportGraph, group: Set<string>): string {
  const start = [...group].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const to of graph.get(queue[i]) ?? []) {
      if (!group.has(to)) continue;
      if (to === start) {
        const cycle = [start];
        for (let at = queue[i]; at !== start; at = cameFrom.get(at)!) cycle.unshift(at);
        return [start, ...cycle].join(' > ');
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, queue[i]);
        queue.push(to);
      }
    }
  }
  throw new Error(`no cycle through ${start}`);
}
