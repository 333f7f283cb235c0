import { TableError, type Table, type TableSchema } from '../table.js';

/** One table of a relational data set; its schema's `primaryKey` is the key children refer to. */
export type RelationalTable = { name: string; table: Table; schema: TableSchema };

/** Rows of `child` refer to a row of `parent` by the child's `foreignKey` column (the parent's primary key). */
export type Relationship = { parent: string; child: string; foreignKey: string };

function readCells(table: Table, column: string): (string | null)[] {
  const index = table.columns.indexOf(column);
  return table.rows.map((row) => row[index] ?? null);
}

function checkRelationship(relationship: Relationship, tables: Map<string, RelationalTable>): void {
  const { parent, child, foreignKey } = relationship;
  const parentTable = tables.get(parent);
  const childTable = tables.get(child);
  if (!parentTable || !childTable) {
    throw new TableError('unknownLinkTable', { child, foreignKey, parent });
  }
  const primaryKey = parentTable.schema.primaryKey;
  if (primaryKey === null || !parentTable.table.columns.includes(primaryKey)) {
    throw new TableError('parentWithoutKey', { parent });
  }
  if (!childTable.table.columns.includes(foreignKey)) {
    throw new TableError('tableNoColumn', { name: child, column: foreignKey });
  }
  const keys = readCells(parentTable.table, primaryKey);
  const known = new Set(keys);
  if (keys.includes(null) || known.size !== keys.length) {
    throw new TableError('keyNotUnique', { parent, primaryKey });
  }
  const orphans = readCells(childTable.table, foreignKey).filter((key) => !known.has(key)).length;
  if (orphans > 0) {
    throw new TableError('orphanRows', { count: orphans, child, foreignKey, parent, primaryKey });
  }
}

/** Table names with every parent before its children; refuses unknown tables, bad keys and cycles. */
export function orderTables(options: {
  tables: RelationalTable[];
  relationships: Relationship[];
}): string[] {
  const { relationships } = options;
  const tables = new Map(options.tables.map((table) => [table.name, table]));
  if (tables.size !== options.tables.length) throw new TableError('duplicateTableName');
  for (const relationship of relationships) checkRelationship(relationship, tables);
  const order: string[] = [];
  const pending = [...tables.keys()];
  while (pending.length > 0) {
    const ready = pending.find((name) =>
      relationships.every(
        (relationship) => relationship.child !== name || order.includes(relationship.parent),
      ),
    );
    if (ready === undefined) {
      throw new TableError('linkCycle', { tables: pending.join(', ') });
    }
    order.push(ready);
    pending.splice(pending.indexOf(ready), 1);
  }
  return order;
}
