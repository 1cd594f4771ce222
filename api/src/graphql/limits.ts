import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  type ASTNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * What one GraphQL operation may ask for (docs/graphql-limits.md). The web app's largest operation
 * stays well inside each (limits.test.ts checks every one of them); a hostile document is refused
 * before any resolver runs.
 */
export const LIMITS = {
  /** Characters of the query document; long texts travel as variables, which this does not count. */
  queryChars: 20_000,
  /** Lexical tokens; also bounds nesting before the parser can recurse deep enough to overflow. */
  tokens: 1_000,
  depth: 12,
  aliases: 15,
  directives: 10,
  /** Root fields of one mutation operation, aliases included. */
  mutations: 10,
  /** Estimated cost (query-cost.ts): lists count as many rows, whole transcripts as heavy fields. */
  cost: 5_000,
} as const;

/** The extensions.code of every refusal by these limits. */
export const LIMIT_CODE = 'QUERY_TOO_COMPLEX';

/** A request refused by a limit: HTTP 400, a message naming the limit, code QUERY_TOO_COMPLEX. */
export class QueryLimitError extends GraphQLError {
  constructor(message: string, nodes?: ASTNode | readonly ASTNode[]) {
    super(message, { nodes, extensions: { code: LIMIT_CODE, http: { status: 400 } } });
    this.name = 'QueryLimitError';
  }
}

/**
 * Texts that passed checkQuerySource lately, so the web app's few operations are not lexed again
 * on every request (oldest forgotten first; at most about 10 MB of text at the length limit).
 */
const passedSources = new Map<string, true>();
const PASSED_SOURCES_KEPT = 500;

/** Length and token count, checked on the raw text before anything parses it. */
export function checkQuerySource(query: string): void {
  if (passedSources.has(query)) return;
  if (query.length > LIMITS.queryChars) {
    throw new QueryLimitError(`Query is too long (max ${LIMITS.queryChars} characters); send long texts as variables`);
  }
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  // The lexer stops at the first malformed token; the parser reports that one properly.
  try {
    while (lexer.advance().kind !== TokenKind.EOF) {
      if (++tokens > LIMITS.tokens) throw new QueryLimitError(`Query is too large (max ${LIMITS.tokens} tokens)`);
    }
  } catch (err) {
    if (err instanceof QueryLimitError) throw err;
    return; // malformed: the parser refuses it, and it is not worth remembering
  }
  if (passedSources.size >= PASSED_SOURCES_KEPT) passedSources.delete(passedSources.keys().next().value!);
  passedSources.set(query, true);
}

/** The parser's own token cap: a backstop should a document reach parse() without checkQuerySource. */
export const PARSE_OPTIONS = { maxTokens: LIMITS.tokens } as const;

const reject =
  (message: string) =>
  (ctx: ValidationContext | null): void =>
    ctx?.reportError(new QueryLimitError(message));

/**
 * Depth, aliases and directives by GraphQL Armor, with our messages. Fragments do not add depth:
 * the web app spreads them freely, and what is selected is what costs.
 */
const armorRules = new ApolloArmor({
  maxDepth: {
    n: LIMITS.depth,
    flattenFragments: true,
    propagateOnRejection: false,
    onReject: [reject(`Query is too deep (max ${LIMITS.depth} levels)`)],
  },
  maxAliases: {
    n: LIMITS.aliases,
    propagateOnRejection: false,
    onReject: [reject(`Query has too many aliases (max ${LIMITS.aliases})`)],
  },
  maxDirectives: {
    n: LIMITS.directives,
    propagateOnRejection: false,
    onReject: [reject(`Query has too many directives (max ${LIMITS.directives})`)],
  },
  // Checked on the raw text (checkQuerySource) and by cost (query-cost.ts), which knows the schema.
  maxTokens: { enabled: false },
  costLimit: { enabled: false },
  // The schema is public (introspection is on), so "Did you mean …" gives nothing away.
  blockFieldSuggestion: { enabled: false },
}).protect().validationRules;

/**
 * Counts the root fields a mutation executes (one per response key, through fragments), so
 * aliases cannot multiply writes in one request.
 */
export const maxMutationsRule: ValidationRule = (context) => {
  const collect = (set: SelectionSetNode, keys: Set<string>, seen: Set<string>): Set<string> => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) keys.add(selection.alias?.value ?? selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet, keys, seen);
      } else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = context.getFragment(selection.name.value);
        if (fragment) collect(fragment.selectionSet, keys, seen);
      }
    }
    return keys;
  };
  return {
    OperationDefinition(operation) {
      if (operation.operation !== 'mutation') return;
      if (collect(operation.selectionSet, new Set(), new Set()).size > LIMITS.mutations) {
        context.reportError(
          new QueryLimitError(`Too many mutations in one request (max ${LIMITS.mutations})`, operation),
        );
      }
    },
  };
};

/** Run with graphql-js's own rules, over HTTP (Apollo) and the WebSocket alike. */
export const limitRules: readonly ValidationRule[] = [...armorRules, maxMutationsRule];
