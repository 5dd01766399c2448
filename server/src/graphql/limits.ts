import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/** Depth beyond which a query is refused (mercurius checks it). */
export const MAX_QUERY_DEPTH = 10;
/** Fields a query may ask for, counting every use of a fragment: no screen needs more, an alias flood does. */
export const MAX_QUERY_FIELDS = 500;

/** Counts the fields a query would resolve, expanding fragments where they are used, and refuses one that asks too much. */
export function fieldLimitRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>(
    context
      .getDocument()
      .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const count = (set: SelectionSetNode | undefined, seen: Set<string>, budget: number): number => {
    let n = 0;
    for (const sel of set?.selections ?? []) {
      if (n > budget) break;
      if (sel.kind === Kind.FIELD) n += 1 + count(sel.selectionSet, seen, budget - n);
      else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet, seen, budget - n);
      else if (!seen.has(sel.name.value)) {
        // A fragment spreading itself (directly or not) is invalid anyway; stop rather than loop.
        n += count(fragments.get(sel.name.value)?.selectionSet, new Set([...seen, sel.name.value]), budget - n);
      }
    }
    return n;
  };
  return {
    OperationDefinition(node) {
      if (count(node.selectionSet, new Set(), MAX_QUERY_FIELDS) > MAX_QUERY_FIELDS) {
        context.reportError(
          new GraphQLError(`This query asks for more than ${MAX_QUERY_FIELDS} fields; ask for less at a time.`, {
            nodes: [node],
          }),
        );
      }
    },
  };
}
