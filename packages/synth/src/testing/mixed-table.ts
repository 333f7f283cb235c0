import { createRandom } from '@app/engine-kit';
import type { Table, TableSchema } from '../table.js';

/** A table with every kind of column: correlated pair, integers, categories with gaps, dates, keys, emails, phones. */
export function buildMixedTable(rows: number): { table: Table; schema: TableSchema } {
  const random = createRandom(42);
  const colours = ['red', 'green', 'blue'];
  const body: (string | null)[][] = [];
  for (let i = 0; i < rows; i++) {
    const x = random.normal() * 10 + 50;
    const y = 2 * x + random.normal() * 5;
    const day = Math.floor(random.uniform() * 365);
    body.push([
      `C${String(1000 + i)}`,
      x.toFixed(3),
      y.toFixed(3),
      String(Math.floor(random.uniform() * 8) + 18),
      random.uniform() < 0.2 ? null : (colours[Math.floor(random.uniform() * 3)] ?? 'red'),
      new Date(Date.UTC(2024, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      `person${String(i)}@mail.org`,
      `+1 555-${String(1000 + (i % 9000))}`,
      random.uniform() < 0.1 ? null : String(Math.floor(random.uniform() * 1000)),
    ]);
  }
  const table: Table = {
    columns: ['id', 'x', 'y', 'age', 'colour', 'day', 'email', 'phone', 'amount'],
    rows: body,
  };
  const schema: TableSchema = {
    primaryKey: 'id',
    columns: [
      { name: 'id', kind: 'id', isUnique: true },
      { name: 'x', kind: 'numerical' },
      { name: 'y', kind: 'numerical' },
      { name: 'age', kind: 'numerical', isInteger: true },
      { name: 'colour', kind: 'categorical' },
      { name: 'day', kind: 'datetime', datetimeFormat: 'yyyy-MM-dd' },
      { name: 'email', kind: 'text', pii: 'email' },
      { name: 'phone', kind: 'text', pii: 'phone' },
      { name: 'amount', kind: 'numerical', isInteger: true },
    ],
  };
  return { table, schema };
}
