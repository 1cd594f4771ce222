import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Whether the selection under the resolved field (fragments included) names `field`. */
export function selectsField(info: GraphQLResolveInfo, field: string): boolean {
  const seen = new Set<string>();
  const inSet = (set: SelectionSetNode | undefined): boolean =>
    !!set?.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === field;
      if (selection.kind === Kind.INLINE_FRAGMENT) return inSet(selection.selectionSet);
      if (seen.has(selection.name.value)) return false;
      seen.add(selection.name.value);
      return inSet(info.fragments[selection.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => inSet(node.selectionSet));
}
