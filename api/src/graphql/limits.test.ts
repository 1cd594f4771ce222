import fs from 'node:fs';
import path from 'node:path';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  print,
  specifiedRules,
  typeFromAST,
  validate,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { startTestApp, type TestApp } from '../../test/app';
import { countRows, signedUpClient } from '../../test/accounts';
import type { HttpClient, HttpResponse } from '../../test/http-client';
import { subscriptionClient } from '../../test/processing';
import { checkQuerySource, limitRules, LIMITS } from './limits';
import { queryCost } from './query-cost';
import { createSchema } from '../schema';

type GqlBody = { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

const repeat = (n: number, part: (i: number) => string) => Array.from({ length: n }, (_, i) => part(i)).join(' ');

/** A query `levels` deep (the scalar at the bottom counts) through campaign ⇄ sessions. */
function nested(levels: number): string {
  let selection = 'id';
  for (let level = levels - 1; level > 1; level--)
    selection = `${level % 2 ? 'campaign' : 'sessions'} { ${selection} }`;
  return `{ campaigns { ${selection} } }`;
}

/** Every operation the web app sends, as codegen wrote it (web/src/gql/graphql.ts), printed as sent. */
function webOperations(): Array<{ name: string; query: string }> {
  const generated = fs.readFileSync(path.resolve(__dirname, '../../../web/src/gql/graphql.ts'), 'utf8');
  return [...generated.matchAll(/export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/g)].map(
    ([, name, json]) => ({ name, query: print(JSON.parse(json) as DocumentNode) }),
  );
}

/** Values of the right types for an operation's variables (cost does not depend on them). */
function sampleVariables(schema: GraphQLSchema, document: DocumentNode): Record<string, unknown> {
  const sample = (type: GraphQLInputType): unknown => {
    if (isNonNullType(type)) return sample(type.ofType);
    if (isListType(type)) return [sample(type.ofType)];
    if (isEnumType(type)) return type.getValues()[0].name;
    if (isInputObjectType(type)) {
      return Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, sample(f.type)]));
    }
    return { Int: 1, Float: 1, Boolean: true }[getNamedType(type).name] ?? 'x';
  };
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  return Object.fromEntries(
    (operation?.variableDefinitions ?? []).map((v) => [
      v.variable.name.value,
      sample(typeFromAST(schema, v.type as never) as GraphQLInputType),
    ]),
  );
}

function expectRefused(res: HttpResponse<GqlBody>, message: RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors![0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COMPLEX' } });
  expect(res.body.errors![0].message).toMatch(message);
}

describe("The web app's operations", () => {
  it('all stay inside every limit, with room to grow', async () => {
    const schema = await createSchema();
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const { name, query } of operations) {
      expect(() => checkQuerySource(query)).not.toThrow();
      const document = parse(query);
      expect([name, validate(schema, document, [...specifiedRules, ...limitRules])]).toEqual([name, []]);
      const cost = queryCost(schema, document, sampleVariables(schema, document));
      expect([name, cost <= LIMITS.cost / 5]).toEqual([name, true]);
    }
  });
});

describe('GraphQL query limits (over HTTP)', () => {
  let app: TestApp;
  let owner: HttpClient;
  let ownerId: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ client: owner } = await signedUpClient(app));
    const me = await owner.gql('{ me { id } }');
    ownerId = me.body.data.me.id;
    const created = await owner.gql('mutation { createCampaign(title: "The Sunless Citadel") { id } }');
    expect(created.body.errors).toBeUndefined();
  });
  afterAll(() => app.close());

  const ownCampaigns = () => countRows(app, 'campaigns', 'owner_id = ?', [ownerId]);

  it('refuses 300 aliased createCampaign mutations with a 400 and creates nothing', async () => {
    const before = await ownCampaigns();
    const res = await owner.gql(
      `mutation { ${repeat(300, (i) => `c${i}: createCampaign(title: "Spam ${i}") { id }`)} }`,
    );
    expectRefused(res, /^Query /);
    expect(await ownCampaigns()).toBe(before);
  });

  it('refuses more than 15 aliases', async () => {
    expectRefused(
      await owner.gql(`{ ${repeat(16, (i) => `m${i}: me { id }`)} }`),
      /Query has too many aliases \(max 15\)/,
    );
    expect((await owner.gql(`{ ${repeat(15, (i) => `m${i}: me { id }`)} }`)).status).toBe(200);
  });

  it('caps root mutation fields per request at 10, aliases counted', async () => {
    const before = await ownCampaigns();
    const eleven = await owner.gql(
      `mutation { ${repeat(11, (i) => `c${i}: createCampaign(title: "C ${i}") { id }`)} }`,
    );
    expectRefused(eleven, /Too many mutations in one request \(max 10\)/);
    expect(await ownCampaigns()).toBe(before);

    const ten = await owner.gql(`mutation { ${repeat(10, (i) => `c${i}: createCampaign(title: "C ${i}") { id }`)} }`);
    expect(ten.status).toBe(200);
    expect(ten.body.errors).toBeUndefined();
    expect(await ownCampaigns()).toBe(before + 10);
  });

  it('counts mutations reached through fragments too', async () => {
    const fields = repeat(11, (i) => `c${i}: logout`);
    const res = await owner.gql(`mutation { ...Many } fragment Many on Mutation { ${fields} }`);
    expectRefused(res, /Too many mutations/);
  });

  it('refuses 500 aliased transcript reads with a 400 while /healthz keeps answering', async () => {
    const query = `{ ${repeat(500, (i) => `a${i}: campaigns { sessions { fullTranscript } }`)} }`;
    const [res, health] = await Promise.all([owner.gql(query), owner.get('/healthz')]);
    expectRefused(res, /^Query /);
    expect(health.status).toBe(200);
  });

  it('refuses more than 1000 tokens and more than 20000 characters', async () => {
    expectRefused(await owner.gql(`{ me { ${repeat(1000, () => 'id')} } }`), /Query is too large \(max 1000 tokens\)/);
    const padded = `{ me { id } } # ${'x'.repeat(LIMITS.queryChars)}`;
    expectRefused(await owner.gql(padded), /Query is too long \(max 20000 characters\); send long texts as variables/);
  });

  it('refuses a few aliased whole-archive reads by cost, and serves one', async () => {
    const archive = 'campaigns { sessions { fullTranscript } }';
    const res = await owner.gql(`{ ${repeat(5, (i) => `a${i}: ${archive}`)} }`);
    expectRefused(res, /Query is too expensive \(cost \d+, max 5000\)/);

    const one = await owner.gql(`{ ${archive} }`);
    expect(one.status).toBe(200);
    expect(one.body.errors).toBeUndefined();
  });

  it('refuses a 3,000-level nested query with a 400 and keeps serving', async () => {
    const res = await owner.gql(`{ ${'a { '.repeat(3000)}id${' }'.repeat(3000)} }`);
    expectRefused(res, /Query is too large/);
    expect((await owner.get('/healthz')).status).toBe(200);
    expect((await owner.gql('{ me { id } }')).body.data).toEqual({ me: { id: ownerId } });
  });

  it('refuses a query deeper than 12 levels', async () => {
    expectRefused(await owner.gql(nested(LIMITS.depth + 1)), /Query is too deep \(max 12 levels\)/);
    // Every cycle in this schema passes through a list, so depth is bounded by cost long before 12.
    expectRefused(await owner.gql(nested(LIMITS.depth)), /Query is too expensive/);
    const ok = await owner.gql(nested(4));
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toBeUndefined();
  });

  it('refuses more than 10 directives', async () => {
    const skipped = repeat(LIMITS.directives + 1, () => '__typename @skip(if: false)');
    expectRefused(await owner.gql(`{ me { id ${skipped} } }`), /Query has too many directives \(max 10\)/);
  });

  it("serves the web app's own operations (the archive query here)", async () => {
    const archive = webOperations().find((op) => op.name === 'ArchiveCampaigns');
    const res = await owner.gql(archive!.query);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.campaigns.map((c: { title: string }) => c.title)).toContain('The Sunless Citadel');
  });

  it('still answers introspection (tools and the GraphQL sandbox rely on it)', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const res = await owner.gql(getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('applies the same limits over the WebSocket, and the socket stays usable', async () => {
    const ws = subscriptionClient(app);
    const run = (query: string) =>
      new Promise<unknown>((resolve) => {
        ws.subscribe({ query }, { next: resolve, error: resolve, complete: () => undefined });
      });
    try {
      const deep = (await run(nested(LIMITS.depth + 1))) as Array<{ message: string; extensions?: unknown }>;
      expect(deep).toEqual([
        { message: 'Query is too deep (max 12 levels)', extensions: { code: 'QUERY_TOO_COMPLEX' } },
      ]);

      const aliases = repeat(LIMITS.aliases + 1, (i) => `s${i}: sessionId`);
      const subscription = `subscription { sessionUpdated(sessionId: "1") { ${aliases} } }`;
      expect(await run(subscription)).toEqual([
        expect.objectContaining({ message: 'Query has too many aliases (max 15)' }),
      ]);

      const huge = (await run(`{ ${'a { '.repeat(3000)}id${' }'.repeat(3000)} }`)) as Array<{ message: string }>;
      expect(huge).toEqual([expect.objectContaining({ message: 'Query is too large (max 1000 tokens)' })]);

      expect(await run('{ languages { code } }')).toMatchObject({ data: { languages: expect.any(Array) } });
    } finally {
      await ws.dispose();
    }
  });
});

describe('Errors never carry stack traces or file paths (app started with NODE_ENV=development)', () => {
  let app: TestApp;
  let client: HttpClient;

  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'development' });
    ({ client } = await signedUpClient(app));
  });
  afterAll(() => app.close());

  const leaks = (body: unknown) => /stacktrace|\/src\/|node_modules|\.ts:\d+/.test(JSON.stringify(body));

  it('over HTTP: invalid, refused and failing operations', async () => {
    const responses = await Promise.all([
      client.gql('{ noSuchField }'),
      client.gql('{ me { id '),
      client.gql(nested(LIMITS.depth + 1)),
      client.gql('{ campaign(id: "999999") { id } }'),
      client.gql('query ($id: ID!) { campaign(id: $id) { id } }', { id: { not: 'an id' } }),
    ]);
    for (const res of responses) {
      expect(res.body.errors?.length).toBeGreaterThan(0);
      expect(leaks(res.body)).toBe(false);
    }
  });

  it('over the WebSocket', async () => {
    const ws = subscriptionClient(app);
    try {
      const errors = await new Promise<unknown>((resolve) => {
        ws.subscribe({ query: '{ noSuchField }' }, { next: resolve, error: resolve, complete: () => undefined });
      });
      expect(errors).toEqual([expect.objectContaining({ message: expect.stringContaining('noSuchField') })]);
      expect(leaks(errors)).toBe(false);
    } finally {
      await ws.dispose();
    }
  });
});
