import { describe, expect, it } from 'vitest';
import { buildShop } from '../testing/shop-tables.js';
import type { Relationship } from './relational-metadata.js';
import { fitRelationalSynthesizer, type SyntheticTable } from './synthesize-relational.js';

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

  it('draws a child table with no key of its own, its foreign keys on synthetic parents', () => {
    const keyless = shop.tables.map((source) => {
      if (source.name !== 'items') return source;
      const kept = source.table.columns.filter((name) => name !== 'item_id');
      const indices = kept.map((name) => source.table.columns.indexOf(name));
      return {
        name: source.name,
        table: {
          columns: kept,
          rows: source.table.rows.map((row) => indices.map((i) => row[i] ?? null)),
        },
        schema: {
          columns: source.schema.columns.filter((schemaColumn) => schemaColumn.name !== 'item_id'),
          primaryKey: null,
        },
      };
    });
    const fitted = fitRelationalSynthesizer({
      tables: keyless,
      relationships: shop.relationships,
      algorithm: 'bayesian-network',
    });
    const drawn = new Map(fitted.sample({ seed: 5 }).map((table) => [table.name, table]));
    const items = drawn.get('items');
    expect(items?.columns).toEqual(['order_id', 'product_id', 'quantity']);
    const orders = new Set(column(drawn.get('orders'), 'order_id'));
    const products = new Set(column(drawn.get('products'), 'product_id'));
    expect(column(items, 'order_id').every((key) => orders.has(key))).toBe(true);
    expect(column(items, 'product_id').every((key) => products.has(key))).toBe(true);
    const realItems = shop.tables.find((table) => table.name === 'items')?.table.rows.length ?? 0;
    expect(Math.abs((items?.rows.length ?? 0) / realItems - 1)).toBeLessThan(0.2);
    expect(fitted.toModel().tables.find((table) => table.name === 'items')?.primaryKey).toBeNull();
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
