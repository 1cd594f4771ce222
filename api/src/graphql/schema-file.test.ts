import fs from 'node:fs';
import { emitSchema, SCHEMA_FILE } from '../emit-schema';

describe('schema.graphql', () => {
  it('is the schema the code emits (otherwise: run npm run schema and commit the file)', async () => {
    const committed = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
    const emitted = await emitSchema();
    if (committed !== emitted) {
      const [a, b] = [committed.split('\n'), emitted.split('\n')];
      const line = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => i).find((i) => a[i] !== b[i]) ?? 0;
      throw new Error(
        `schema.graphql is stale or missing: run \`npm run schema\` and commit it.\n` +
          `First difference at line ${line + 1}: committed ${JSON.stringify(a[line])}, code emits ${JSON.stringify(b[line])}`,
      );
    }
  });

  it('is emitted the same way twice (no ordering that depends on chance)', async () => {
    expect(await emitSchema()).toBe(await emitSchema());
  });
});
