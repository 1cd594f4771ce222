import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { getArgumentValues, getVariableValues } from 'graphql/execution/values';
import { controlCharacterError, findControlCharacter, type ControlCharacterProblem } from '../http/control-characters';
import type { GqlContext } from './context';
import { memoByDocument } from './document-cache';

/**
 * The GraphQL side of the edge check on text: every argument the operation passes — inline
 * literals and variables alike, input objects and lists included — holds no control characters
 * (newlines only in long texts), or the request gets a 400 BAD_USER_INPUT naming the argument
 * before any resolver runs.
 */
export function inputValidationPlugin(): ApolloServerPlugin<GqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          // Literals only: the answer is the document's own, worked out once (document-cache.ts).
          const problem = operation.variableDefinitions?.length
            ? controlCharacterInOperation(schema, document, operation, request.variables ?? {})
            : memoByDocument(document, `input:${operation.name?.value ?? ''}`, () =>
                controlCharacterInOperation(schema, document, operation, {}),
              );
          if (!problem) return;
          const error = controlCharacterError(problem);
          throw new GraphQLError(error.message, {
            originalError: error,
            extensions: { code: error.code, field: error.field, http: { status: 400 } },
          });
        },
      };
    },
  };
}

/**
 * The first argument value of the operation (and of the fragments it may spread) that holds a
 * forbidden character. Values are coerced as execution would coerce them, so a variable is checked
 * under the argument's name (`title`), not the variable's, and input fields under `input.firstName`.
 */
export function controlCharacterInOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rawVariables: Record<string, unknown>,
): ControlCharacterProblem | undefined {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  // Variables that do not coerce fail execution with their own error; nothing of them is stored.
  if (coerced.errors) return undefined;
  const typeInfo = new TypeInfo(schema);
  let found: ControlCharacterProblem | undefined;
  const visitor = visitWithTypeInfo(typeInfo, {
    Field(node) {
      const def = typeInfo.getFieldDef();
      if (found || !def || !node.arguments?.length) return;
      const args = argumentValues(def, node, coerced.coerced);
      for (const [name, value] of Object.entries(args)) {
        found ??= findControlCharacter(value, name);
      }
    },
  });
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  for (const definition of [operation, ...fragments]) visit(definition, visitor);
  return found;
}

/** A field's arguments as resolvers receive them; ones that fail to coerce are execution's to report. */
function argumentValues(...args: Parameters<typeof getArgumentValues>): Record<string, unknown> {
  try {
    return getArgumentValues(...args);
  } catch {
    return {};
  }
}
