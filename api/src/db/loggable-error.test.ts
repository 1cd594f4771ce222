import vm from 'node:vm';
import { DriverException, MikroORM } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import type { Request, Response } from 'express';
import { createTestDatabase } from '../../test/app';
import { formatError } from '../graphql/format-error';
import { errorHandler } from '../http/error-handler';
import { User } from '../kernel/entities/user.entity';
import { ormConfig } from './orm.config';
import { loggableError } from './loggable-error';

const SECRET = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$TOP-SECRET-HASH-VALUE';

/**
 * A failed query must not put the values it carried into any log: not MikroORM's query log (even
 * with debug on), not the message the error handlers print, not PostgreSQL's own server log.
 */
describe('database errors in the logs', () => {
  let orm: MikroORM;
  const ormLog: string[] = [];
  let failure: unknown;
  beforeAll(async () => {
    // debug: true is the most MikroORM would ever print; the values must stay out even then.
    orm = await MikroORM.init(ormConfig(await createTestDatabase(), { debug: true, logger: (l) => ormLog.push(l) }));
    await orm.getMigrator().up();
    ormLog.length = 0;
    // What the issue saw: a registration with a NUL byte, the new user's password hash in the same row.
    const em = orm.em.fork();
    em.create(User, { email: 'nul@example.com', passwordHash: SECRET, firstName: 'Ada\u0000', lastName: 'L' });
    failure = await em.flush().catch((err: unknown) => err);
  });
  afterAll(() => orm.close());

  it('the failure is a driver error whose own message quotes the value (what used to be logged)', () => {
    expect(failure).toBeInstanceOf(DriverException);
    expect((failure as Error).message).toContain(SECRET);
  });

  it('MikroORM logs the failed query with placeholders, never the values', () => {
    const queryLines = ormLog.filter((l) => l.includes('insert into "users"'));
    expect(queryLines.length).toBeGreaterThan(0);
    expect(ormLog.join('\n')).not.toContain(SECRET);
  });

  it('loggableError keeps the class, SQLSTATE and frames, and withholds the query', () => {
    const line = loggableError(failure);
    expect(line).toMatch(/^DriverException \(SQLSTATE 08P01\).*: query and values withheld/);
    expect(line).toContain('    at ');
    expect(line).not.toContain(SECRET);
    expect(loggableError(new Error('outer', { cause: failure }))).not.toContain(SECRET);
  });

  it('loggableError reads an Error made in another realm as an Error (Node throws those under jest)', () => {
    const foreign: unknown = vm.runInNewContext('new TypeError("from another realm")');
    expect(foreign instanceof Error).toBe(false);
    expect(loggableError(foreign)).toMatch(/^TypeError: from another realm\n {4}at /);
    expect(loggableError({ message: 'a plain object' })).toBe('Non-error thrown: object');
  });

  describe('the error handlers', () => {
    let printed: string[];
    let spy: jest.SpyInstance;
    beforeEach(() => {
      printed = [];
      spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        printed.push(args.map((a) => (a instanceof Error ? `${a.stack} ${JSON.stringify(a)}` : String(a))).join(' '));
      });
    });
    afterEach(() => spy.mockRestore());

    it('GraphQL: an unexpected resolver error is logged without the values and hidden from the client', () => {
      const error = new GraphQLError('wrapped', { path: ['createCampaign'], originalError: failure as Error });
      const formatted = formatError({ message: (failure as Error).message, path: ['createCampaign'] }, error);
      expect(formatted).toEqual({
        message: 'Internal server error',
        path: ['createCampaign'],
        extensions: { code: 'INTERNAL' },
      });
      expect(printed.join('\n')).toContain('DriverException');
      expect(printed.join('\n')).not.toContain(SECRET);
    });

    it('REST: the error handler logs the 500 without the values', () => {
      let sent: unknown;
      const res = { headersSent: false, set: () => res, status: () => res, json: (b: unknown) => (sent = b) };
      errorHandler(failure, {} as Request, res as unknown as Response, () => undefined);
      expect(sent).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
      expect(printed.join('\n')).toContain('DriverException');
      expect(printed.join('\n')).not.toContain(SECRET);
    });
  });

  it('PostgreSQL itself does not log failed statements (they carry the inlined values)', async () => {
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<Array<{ setting: string }>>('show log_min_error_statement');
    expect(rows[0]).toEqual({ log_min_error_statement: 'panic' });
  });
});
