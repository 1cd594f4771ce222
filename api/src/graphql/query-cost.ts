import {
  BREAK,
  getNamedType,
  getNullableType,
  getOperationAST,
  isLeafType,
  isListType,
  visit,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { memoByDocument } from './document-cache';
import { LIMITS, QueryLimitError } from './limits';

/**
 * Our lists take no size argument (a campaign shows all its sessions), so the cost assumes each
 * returns this many rows and multiplies what is selected under it; nested lists multiply again.
 */
const ROWS_PER_LIST = 10;

/** Fields that cost more than one row's worth: the whole transcript text, and work beyond reading. */
const FIELD_COSTS: Record<string, number> = {
  'Session.fullTranscript': 10,
  // Retrieval over a campaign's transcripts, then an answer written from it.
  'Mutation.ask': 50,
  'Mutation.uploadSession': 50,
  // A session's recap is one stored JSON value: its lists are parts of that row, not rows.
  'Recap.scenes': 1,
  'Recap.threads': 1,
  'RecapScene.happened': 1,
  'RecapScene.found': 1,
};

/**
 * A field costs 1 (or its FIELD_COSTS weight) plus what is selected under it; a list field costs
 * that many times, but a list of plain values (names, ids) is part of its row and costs 1.
 * Introspection is free: it reads the schema, not the database.
 */
const estimator: ComplexityEstimator = ({ type, field, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  const weight = FIELD_COSTS[`${type.name}.${field.name}`];
  const list = getNullableType(field.type);
  if (isListType(list) && isLeafType(getNamedType(list))) return weight ?? 1;
  if (isListType(list)) return (weight ?? ROWS_PER_LIST) * (1 + childComplexity);
  return (weight ?? 1) + childComplexity;
};

/** The estimated cost of the operation that will run (variables decide @include/@skip). */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables?: Record<string, unknown>,
  operationName?: string,
): number {
  return getComplexity({ schema, query: document, variables, operationName, estimators: [estimator] });
}

/** Refuses an operation whose estimated cost is over LIMITS.cost, before any resolver runs. */
export function checkQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables?: Record<string, unknown>,
  operationName?: string,
): void {
  const cost = operationCost(schema, document, variables, operationName);
  if (cost === undefined) return;
  if (cost > LIMITS.cost) {
    const found = Number.isFinite(cost) ? `cost ${cost}, ` : '';
    throw new QueryLimitError(`Query is too expensive (${found}max ${LIMITS.cost}); ask for fewer fields or lists`);
  }
}

/**
 * The cost, or undefined when the variables do not fit their types (execution refuses them with
 * BAD_USER_INPUT before any resolver). Without @include/@skip the variables cannot change the
 * cost, so it is computed once per document and operation (the walk is the costly part) and only
 * the variables' types are checked again per request.
 */
function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
): number | undefined {
  if (memoByDocument(document, 'cost:conditional', () => hasConditionalDirectives(document))) {
    return computeCost(schema, document, variables, operationName);
  }
  const operation = getOperationAST(document, operationName);
  if (operation?.variableDefinitions?.length) {
    if (getVariableValues(schema, operation.variableDefinitions, variables ?? {}).errors) return undefined;
  }
  // A cost that could not be computed (variables that do not fit) is not kept: the next request's may.
  const kept = memoByDocument(document, `cost:${operationName ?? ''}`, () =>
    computeCost(schema, document, variables, operationName),
  );
  return kept ?? computeCost(schema, document, variables, operationName);
}

function computeCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
): number | undefined {
  try {
    return queryCost(schema, document, variables, operationName);
  } catch (err) {
    // Fragments spread inside fragments can expand past the estimator's node budget.
    if (err instanceof Error && err.message.includes('maximum allowed number of nodes')) return Infinity;
    return undefined;
  }
}

/** Whether @include or @skip appear anywhere: then the variables decide what is selected. */
function hasConditionalDirectives(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === 'include' || node.name.value === 'skip') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}
