import { describe, expect, it } from 'vitest';
import { inferTableSchema } from '../profiling/index.js';
import { createRandom } from '../random.js';
import type { Table } from '../table.js';
import type { RelationalTable, Relationship } from './relational-metadata.js';
import { fitRelationalSynthesizer, type SyntheticTable } from './synthesize-relational.js';

/** Gold customers place 5 to 9 orders of about 1,000; basic ones 0 to 3 of about 10. Items link an order and a product. */
function buildShop(): { tables: RelationalTable[]; relationships: Relationship[] } {
  const random = createRandom(9);
  const customers: Table = { columns: ['customer_id', 'segment'], rows: [] };
  const orders: Table = { columns: ['order_id', 'customer_id', 'amount'], rows: [] };
  const items: Table = { columns: ['item_id', 'order_id', 'product_id', 'quantity'], rows: [] };
  const products: Table = {
    columns: ['product_id', 'label'],
    rows: Array.from({ length: 20 }, (_, index) => [
      `P${String(index)}`,
      `label ${String(index % 4)}`,
    ]),
  };
  for (let customer = 0; customer < 300; customer++) {
    const isGold = random.uniform() < 0.3;
    customers.rows.push([String(customer + 1), isGold ? 'gold' : 'basic']);
    const count = isGold ? 5 + Math.floor(random.uniform() * 5) : Math.floor(random.uniform() * 4);
    for (let order = 0; order < count; order++) {
      const orderId = String(orders.rows.length + 1);
      const amount = (isGold ? 900 : 5) + random.uniform() * (isGold ? 200 : 10);
      orders.rows.push([orderId, String(customer + 1), amount.toFixed(2)]);
      for (let item = 0; item < 1 + Math.floor(random.uniform() * 3); item++) {
        const product = `P${String(Math.floor(random.uniform() * 20))}`;
        items.rows.push([`I${String(items.rows.length)}`, orderId, product, String(1 + item)]);
      }
    }
  }
  const keyed = (name: string, table: Table, primaryKey: string): RelationalTable => ({
    name,
    table,
    schema: { ...inferTableSchema(table), primaryKey },
  });
  return {
    tables: [
      keyed('items', items, 'item_id'),
      keyed('orders', orders, 'order_id'),
      keyed('customers', customers, 'customer_id'),
      keyed('products', products, 'product_id'),
    ],
    relationships: [
      { parent: 'customers', child: 'orders', foreignKey: 'customer_id' },
      { parent: 'orders', child: 'items', foreignKey: 'order_id' },
      { parent: 'products', child: 'items', foreignKey: 'product_id' },
    ],
  };
}

function column(table: SyntheticTable | undefined, name: string): (string | number | null)[] {
  const index = table?.columns.indexOf(name) ?? -1;
  return (table?.rows ?? []).map((row) => row[index] ?? null);
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

describe('fitRelationalSynthesizer', () => {
  const shop = buildShop();
  const synthesizer = fitRelationalSynthesizer({ ...shop, algorithm: 'bayesian-network' });
  const output = synthesizer.sample({ seed: 3 });
  const byName = new Map(output.map((table) => [table.name, table]));

  it('orders tables parents first and gives the same tables for the same seed', () => {
    expect(synthesizer.order.indexOf('customers')).toBeLessThan(
      synthesizer.order.indexOf('orders'),
    );
    expect(synthesizer.order.indexOf('orders')).toBeLessThan(synthesizer.order.indexOf('items'));
    expect(output.map((table) => table.name)).toEqual(synthesizer.order);
    expect(synthesizer.sample({ seed: 3 })).toEqual(output);
    expect(synthesizer.sample({ seed: 4 })).not.toEqual(output);
  });

  it('points every foreign key to an existing synthetic parent and keeps keys unique', () => {
    for (const { parent, child, foreignKey } of shop.relationships) {
      const primaryKey =
        shop.tables.find((table) => table.name === parent)?.schema.primaryKey ?? '';
      const keys = column(byName.get(parent), primaryKey);
      expect(new Set(keys).size).toBe(keys.length);
      const known = new Set(keys);
      expect(column(byName.get(child), foreignKey).every((key) => known.has(key))).toBe(true);
    }
  });

  it('follows the real number of children per parent, and per kind of parent', () => {
    const customers = byName.get('customers');
    const segments = new Map(
      (customers?.rows ?? []).map((row) => [row[0] ?? null, String(row[1])]),
    );
    const perCustomer = new Map<string | number | null, number>();
    for (const key of column(byName.get('orders'), 'customer_id')) {
      perCustomer.set(key, (perCustomer.get(key) ?? 0) + 1);
    }
    const countsOf = (segment: string): number[] =>
      [...segments]
        .filter(([, value]) => value === segment)
        .map(([key]) => perCustomer.get(key) ?? 0);
    expect(mean(countsOf('gold'))).toBeGreaterThan(5.5);
    expect(mean(countsOf('basic'))).toBeLessThan(2);
    const realOrders = shop.tables.find((table) => table.name === 'orders')?.table.rows.length ?? 0;
    expect(Math.abs(column(byName.get('orders'), 'order_id').length / realOrders - 1)).toBeLessThan(
      0.2,
    );
  });

  it('draws children conditioned on their parent', () => {
    const segments = new Map(
      (byName.get('customers')?.rows ?? []).map((row) => [row[0] ?? null, String(row[1])]),
    );
    const orders = byName.get('orders');
    const amounts = (segment: string): number[] =>
      (orders?.rows ?? [])
        .filter((row) => segments.get(row[1] ?? null) === segment)
        .map((row) => Number(row[2]));
    expect(
      amounts('gold').filter((amount) => amount > 500).length / amounts('gold').length,
    ).toBeGreaterThan(0.9);
    expect(
      amounts('basic').filter((amount) => amount < 500).length / amounts('basic').length,
    ).toBeGreaterThan(0.9);
  });

  it('scales the root tables', () => {
    const doubled = synthesizer.sample({ seed: 3, scale: 2 });
    expect(doubled.find((table) => table.name === 'customers')?.rows).toHaveLength(600);
  });

  it('refuses a cycle, an orphan foreign key and a parent without a primary key', () => {
    const { tables } = shop;
    const cycle: Relationship[] = [
      { parent: 'orders', child: 'customers', foreignKey: 'customer_id' },
      { parent: 'customers', child: 'orders', foreignKey: 'customer_id' },
    ];
    expect(() =>
      fitRelationalSynthesizer({ tables, relationships: cycle, algorithm: 'bayesian-network' }),
    ).toThrow('cycle');
    const orphan: Relationship[] = [
      { parent: 'products', child: 'orders', foreignKey: 'customer_id' },
    ];
    expect(() =>
      fitRelationalSynthesizer({ tables, relationships: orphan, algorithm: 'gaussian-copula' }),
    ).toThrow('not a products.product_id');
    const keyless = tables.map((table) => ({
      ...table,
      schema: { ...table.schema, primaryKey: null },
    }));
    expect(() =>
      fitRelationalSynthesizer({
        tables: keyless,
        relationships: shop.relationships,
        algorithm: 'gaussian-copula',
      }),
    ).toThrow('needs a primary key');
  });
});
