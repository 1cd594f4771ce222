import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { createSchema } from './schema';

/** The repo's top-level schema.graphql (same depth from api/src and api/dist). */
export const SCHEMA_FILE = path.resolve(__dirname, '../../schema.graphql');

const HEADER = '# Generated from the api code (type-graphql) by `npm run schema`; do not edit by hand.\n\n';

/**
 * The SDL of the executable schema, in declaration order (not sorted): what web codegen and
 * third-party clients read. Deterministic for the same code, so the committed file can be checked.
 */
export async function emitSchema(): Promise<string> {
  return `${HEADER}${printSchema(await createSchema())}\n`;
}

if (require.main === module) {
  emitSchema()
    .then((sdl) => {
      fs.writeFileSync(SCHEMA_FILE, sdl);
      console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
