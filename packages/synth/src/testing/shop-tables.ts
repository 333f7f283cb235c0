import { inferTableSchema } from '../profiling/index.js';
import { createRandom } from '@app/engine-kit';
import type { RelationalTable, Relationship } from '../relational/relational-metadata.js';
import type { Table } from '../table.js';

/** Gold customers place 5 to 9 orders of about 1,000; basic ones 0 to 3 of about 10. Items link an order and a product. */
export function buildShop(): { tables: RelationalTable[]; relationships: Relationship[] } {
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
