import {
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** Every root field is at least one database round trip. */
export const ROOT_FIELD_COST = 10;
/** A paged field asked without pageSize answers its screen's page; the largest default is the catalogue's 25. */
const DEFAULT_PAGE_ROWS = 25;
/** Pages are cut at 100 rows by the services, so a larger pageSize costs no more. */
const MAX_PAGE_ROWS = 100;
/**
 * Budget of one request: the heaviest screen (a catalogue page of 100 plus the user and flags) costs about 130; an
 * alias flood of 240 catalogue pages costs 8,400.
 */
export const MAX_QUERY_COST = 1000;

type Variables = Record<string, unknown> | undefined;

const valueOf = (node: ValueNode, variables: Variables): unknown => {
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables?.[node.name.value];
    case Kind.INT:
      return Number(node.value);
    case Kind.LIST:
      return node.values.map((v) => valueOf(v, variables));
    default:
      return undefined;
  }
};

/** Rows one root field may read: its page size, or the number of ids it is given. */
function rowsOf(field: FieldNode, type: GraphQLObjectType, variables: Variables): number {
  const definition = type.getFields()[field.name.value];
  if (!definition) return 0;
  let rows = 0;
  if (definition.args.some((a) => a.name === 'pageSize')) {
    const asked = field.arguments?.find((a) => a.name.value === 'pageSize');
    const size = asked ? Number(valueOf(asked.value, variables)) : DEFAULT_PAGE_ROWS;
    rows += Number.isFinite(size) ? Math.min(Math.max(size, 1), MAX_PAGE_ROWS) : DEFAULT_PAGE_ROWS;
  }
  for (const arg of field.arguments ?? []) {
    const value = valueOf(arg.value, variables);
    if (Array.isArray(value)) rows += value.length;
  }
  return rows;
}

/**
 * The cost of a request: for each root field (aliases and fragments included), one round trip plus the rows it may
 * read. The most expensive operation of the document counts, whichever one is run.
 */
export function queryCost(schema: GraphQLSchema, document: DocumentNode, variables: Variables): number {
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const costOf = (set: SelectionSetNode, type: GraphQLObjectType, seen: Set<string>): number => {
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (!sel.name.value.startsWith('__')) cost += ROOT_FIELD_COST + rowsOf(sel, type, variables);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        cost += costOf(sel.selectionSet, type, seen);
      } else if (!seen.has(sel.name.value)) {
        const fragment = fragments.get(sel.name.value);
        if (fragment) cost += costOf(fragment.selectionSet, type, new Set([...seen, sel.name.value]));
      }
    }
    return cost;
  };
  let highest = 0;
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const root =
      d.operation === OperationTypeNode.MUTATION
        ? schema.getMutationType()
        : d.operation === OperationTypeNode.QUERY
          ? schema.getQueryType()
          : schema.getSubscriptionType();
    if (root) highest = Math.max(highest, costOf(d.selectionSet, root, new Set()));
  }
  return highest;
}
