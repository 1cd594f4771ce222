import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { configKeys, loadConfig } from '../src/config/config';

/** The documents a newcomer reads first must say what the code does; these checks keep them honest. */
const repo = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');

describe('README.md', () => {
  const readme = read('README.md');

  it('opens with a one-line description and exactly the two commands', () => {
    const [title, blank, description, blank2, fence, ...rest] = readme.split('\n');
    expect([title, blank, blank2, fence]).toEqual(['# Questlog', '', '', '```sh']);
    expect(description.length).toBeGreaterThan(20);
    expect(rest.slice(0, 3)).toEqual(['npm start', 'npm test', '```']);
  });

  it('has one configuration table row per variable of the config module, and no other', () => {
    const rows = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual([...configKeys].sort());
  });
});

describe('.env.example', () => {
  const lines = read('.env.example').split('\n');
  const assignments = lines.filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l));

  it('lists every variable once, each under its own comment line', () => {
    const keys = assignments.map((l) => l.split('=')[0]);
    expect(keys.sort()).toEqual([...configKeys].sort());
    for (const line of assignments) expect(lines[lines.indexOf(line) - 1]).toMatch(/^# \S/);
  });

  it('holds exactly the defaults (an empty value is unset)', () => {
    const env = Object.fromEntries(assignments.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});

describe('ARCHITECTURE.md', () => {
  it('has a line for every folder of the repository, and none for folders that are gone', () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo })
      .toString()
      .split('\n')
      .filter(Boolean);
    const folders = new Set(tracked.flatMap((file) => ancestors(path.dirname(file))));
    const listed = new Set([...read('ARCHITECTURE.md').matchAll(/^(\S+)\/ {2,}\S/gm)].map((m) => m[1]));
    const missing = [...folders].filter((f) => !listed.has(f)).sort();
    const gone = [...listed].filter((f) => !folders.has(f)).sort();
    expect({ missing, gone }).toEqual({ missing: [], gone: [] });
  });
});

function ancestors(dir: string): string[] {
  return dir === '.' ? [] : [dir, ...ancestors(path.dirname(dir))];
}

describe('comments and docs', () => {
  it('point at docs/product.md, never at a spec section a clone does not have', () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo })
      .toString()
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|cjs|js|py|sh|css|md|ya?ml)$/.test(f) && fs.existsSync(path.join(repo, f)));
    const citing = tracked.filter((f) => /\bspec(?:\W|\s)*(?:section|§)s?\W*\d/i.test(read(f)));
    expect(citing).toEqual([]);
  });

  it('docs/product.md has every section the comments point at', () => {
    const anchors = new Set(
      [...read('docs/product.md').matchAll(/^## (.+)$/gm)].map((m) =>
        m[1]
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    const tracked = execFileSync('git', ['ls-files'], { cwd: repo })
      .toString()
      .split('\n')
      .filter((f) => /\.(ts|tsx|md)$/.test(f));
    const pointed = new Set(
      tracked.flatMap((f) =>
        [...read(f).matchAll(/docs\/product\.md#([a-z0-9-]+)((?:, #[a-z0-9-]+)*)/g)].flatMap((m) => [
          m[1],
          ...[...m[2].matchAll(/#([a-z0-9-]+)/g)].map((x) => x[1]),
        ]),
      ),
    );
    expect([...pointed].filter((a) => !anchors.has(a))).toEqual([]);
  });
});
