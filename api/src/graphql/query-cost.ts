import { getNullableType, isListType, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
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
};

/**
 * A field costs 1 (or its FIELD_COSTS weight) plus what is selected under it; a list field costs
 * that many times. Introspection is free: it reads the schema, not the database.
 */
const estimator: ComplexityEstimator = ({ type, field, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  const weight = FIELD_COSTS[`${type.name}.${field.name}`];
  if (isListType(getNullableType(field.type))) return (weight ?? ROWS_PER_LIST) * (1 + childComplexity);
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
  let cost: number;
  try {
    cost = queryCost(schema, document, variables, operationName);
  } catch (err) {
    // Fragments spread inside fragments can expand past the estimator's node budget.
    if (err instanceof Error && err.message.includes('maximum allowed number of nodes')) cost = Infinity;
    // Variables that do not fit their types: execution refuses them (BAD_USER_INPUT) before any resolver.
    else return;
  }
  if (cost > LIMITS.cost) {
    const found = Number.isFinite(cost) ? `cost ${cost}, ` : '';
    throw new QueryLimitError(`Query is too expensive (${found}max ${LIMITS.cost}); ask for fewer fields or lists`);
  }
}
