import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import cookieParser from 'cookie-parser';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Connection } from '@temporalio/client';
import { WebSocketServer } from 'ws';
import { execute, getOperationAST, GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Config } from './config/config';
import { createCsrf, type Csrf } from './http/csrf';
import { CSRF_HEADER, loginCookies } from './http/cookies';
import { errorHandler } from './http/error-handler';
import { notFound } from './kernel/errors';
import { securityHeaders } from './http/security-headers';
import { healthz } from './http/healthz';
import { requestEm, resolveViewer } from './http/viewer.middleware';
import { attachServices } from './http/services.middleware';
import type { GqlContext } from './graphql/context';
import { csrfPlugin } from './graphql/csrf.plugin';
import { documentWorkPlugin } from './graphql/document-cache';
import { noStorePlugin } from './graphql/no-store.plugin';
import { inputValidationPlugin } from './graphql/input-validation';
import { formatError } from './graphql/format-error';
import { limitRules, PARSE_OPTIONS } from './graphql/limits';
import { graphqlSourceLimits } from './graphql/limits.middleware';
import { limitsPlugin } from './graphql/limits.plugin';
import { checkedOperation } from './graphql/ws-operation';
import { createSchema } from './schema';
import { wsContext } from './graphql/ws-context';
import { restRouter } from './rest/router';
import { mcpEndpoint } from './mcp/http-endpoint';
import { ACCESS_MESSAGES, mayWrite } from './policy/policy';
import { graphqlMultipart } from './http/graphql-multipart.middleware';
import { applyServerTimeouts, bodyTimeouts, connectionsCheckingInterval } from './http/timeouts';
import { createPlatform } from './platform';
import { SessionUpdatesListener } from './modules/sessions';
import { peekApiToken, userForApiToken, userForSessionToken } from './modules/accounts';
import { createServices } from './services';
import type { ViewerLookup } from './kernel/viewer';
import { tooLarge } from './modules/uploads';

export interface ServerDeps {
  config: Config;
  orm: MikroORM;
  temporal: Connection;
}

export interface RunningServer {
  httpServer: http.Server;
  url: string;
  close(): Promise<void>;
}

/** JSON bodies of the REST shims and GraphQL are small; uploads take their own streaming path. */
const JSON_LIMIT = '1mb';

/** Wires REST shims, /graphql (HTTP + WebSocket), /healthz and the built web app onto one server. */
export async function startServer(deps: ServerDeps): Promise<RunningServer> {
  const { config, orm } = deps;
  // startApp fills it in (SESSION_SECRET or the one kept in DATA_DIR); there is no built-in fallback.
  if (!config.SESSION_SECRET) throw new Error('SESSION_SECRET is required: resolve it with resolveSessionSecret');
  const csrf = createCsrf(config.SESSION_SECRET);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(securityHeaders);
  // First, so every body (uploads included) is watched from its first byte.
  app.use(bodyTimeouts(config));
  app.use(cookieParser());
  app.use((_req, _res, next) => RequestContext.create(orm.em, next));
  app.get('/healthz', healthz(orm, deps.temporal));
  const lookup: ViewerLookup = { userForApiToken, peekApiToken, userForSessionToken };
  app.use(resolveViewer(lookup));
  const platform = createPlatform(config, deps.temporal);
  const servicesFor = (em: EntityManager) => createServices(em, platform);
  app.use(attachServices(servicesFor));
  app.use(restRouter({ config, csrf }));
  // Assistants over MCP (issue 29): bearer tokens only, so no CSRF; JSON bodies as small as GraphQL's.
  app.use('/mcp', express.json({ limit: JSON_LIMIT }), mcpEndpoint(config));

  const httpServer = http.createServer({ connectionsCheckingInterval: connectionsCheckingInterval(config) }, app);
  // Headers, keep-alive and whole-request limits; the spec gives an upload 15 minutes (section 7).
  applyServerTimeouts(httpServer, config);
  const schema = await createSchema(platform.updates);
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  // One LISTEN connection per api process feeds every subscription it serves.
  const listener = new SessionUpdatesListener(orm.config.getClientUrl(), platform.updates);
  await listener.start();
  const wsCleanup = useServer(
    {
      schema,
      context: (ctx) => wsContext(ctx, orm, lookup, servicesFor),
      // The same query limits as over HTTP, before any resolver runs.
      onSubscribe: checkedOperation(schema),
      // A read-scope token runs no mutation over the socket either (csrfPlugin refuses them over HTTP).
      execute: (args) =>
        getOperationAST(args.document, args.operationName)?.operation === 'mutation' &&
        !mayWrite((args.contextValue as GqlContext).viewer)
          ? { errors: [new GraphQLError(ACCESS_MESSAGES.readOnlyToken, { extensions: { code: 'FORBIDDEN' } })] }
          : execute(args),
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => formatError(e.toJSON(), e)),
      // Refusals over the socket carry the same codes as over HTTP (Apollo formats those).
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((e) => formatError(e.toJSON(), e)) } : undefined,
    },
    wsServer,
  );
  const apollo = new ApolloServer<GqlContext>({
    schema,
    formatError,
    introspection: true,
    // Query limits (docs/graphql-limits.md): these rules run with graphql-js's own at validation.
    validationRules: [...limitRules],
    parseOptions: PARSE_OPTIONS,
    // Stack traces carry the server's file paths: never sent, whatever NODE_ENV (errors are logged).
    includeStacktraceInErrorResponses: false,
    nodeEnv: config.NODE_ENV,
    // Multipart (uploads) is a "simple" request a browser sends cross-site without a preflight;
    // the CSRF header counts as proof of a same-site client, like Apollo's own preflight headers.
    csrfPrevention: { requestHeaders: ['x-apollo-operation-name', 'apollo-require-preflight', CSRF_HEADER] },
    // main.ts owns the signals and stops the server in order; Apollo's own handler would re-raise them.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      { serverWillStart: async () => ({ drainServer: async () => void (await wsCleanup.dispose()) }) },
      // No per-field hook: Apollo then runs resolvers unwrapped (its cache-control plugin wrapped
      // every field of every list to collect hints we never set); the header it sent stays.
      ApolloServerPluginCacheControlDisabled(),
      noStorePlugin(),
      // Apollo's default documentStore keeps parsed, validated documents by query text; this
      // counts the parses and validations that still happen (document-cache.ts).
      documentWorkPlugin(),
      csrfPlugin(csrf),
      limitsPlugin(),
      inputValidationPlugin(),
    ],
  });
  await apollo.start();
  app.use(
    '/graphql',
    graphqlMultipart(config.UPLOAD_MAX_BYTES, tooLarge),
    express.json({ limit: JSON_LIMIT }),
    graphqlSourceLimits,
    expressMiddleware(apollo, {
      context: async ({ req, res }) => ({
        viewer: req.viewer,
        em: requestEm(),
        services: req.services,
        cookies: loginCookies(req, res),
        req,
        res,
      }),
    }),
  );
  serveWeb(app, config);
  // Anything no route took (a POST to a page, a missing file) gets the JSON every error has, not Express's HTML.
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler);

  await new Promise<void>((resolve) => httpServer.listen(config.PORT, config.HOST, resolve));
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return {
    httpServer,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await apollo.stop();
      await listener.close();
      if (httpServer.listening) await new Promise((r) => httpServer.close(r));
      await platform.mailer.close();
    },
  };
}

/** The built SPA: real files as they are, every other non-API GET gets index.html (client routing). */
function serveWeb(app: express.Express, config: Config): void {
  const dist = path.resolve(config.WEB_DIST);
  const index = path.join(dist, 'index.html');
  if (!config.WEB_DIST || !fs.existsSync(index)) return;
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/(api|graphql|upload|healthz|mcp|openapi\.json)(\/|$)).*/, (_req, res) => res.sendFile(index));
}

export type { Csrf };
