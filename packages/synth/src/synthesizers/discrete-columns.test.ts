import { describe, expect, it } from 'vitest';
import { createRandom } from '@app/engine-kit';
import { discretizeColumn } from './discrete-columns.js';

describe('discretizeColumn', () => {
  const random = createRandom(1);

  it('cuts many numbers into quantile bins plus a missing state, drawing real values of the bin', () => {
    const cells = [...Array.from({ length: 1000 }, (_, i) => String(i)), null, null];
    const column = discretizeColumn({
      column: { name: 'n', kind: 'numerical', isInteger: true },
      cells,
      maxBins: 10,
      maxCategories: 5,
    });
    expect(column.stateCount).toBe(11);
    for (let state = 0; state < 10; state++) {
      const values = Array.from({ length: 50 }, () => column.draw(state, random));
      expect(Math.min(...values.map(Number))).toBeGreaterThanOrEqual(state * 100);
      expect(Math.max(...values.map(Number))).toBeLessThan((state + 1) * 100);
      expect(values.every((value) => typeof value === 'number')).toBe(true);
    }
    expect(column.draw(column.stateOf(null), random)).toBeNull();
    expect(cells.map((cell) => column.stateOf(cell))).toEqual([...column.states]);
  });

  it('gives few distinct numbers a state each', () => {
    const column = discretizeColumn({
      column: { name: 'n', kind: 'numerical' },
      cells: ['1', '2', '2', '3.5'],
      maxBins: 10,
      maxCategories: 5,
    });
    expect(column.stateCount).toBe(3);
    expect(column.draw(column.stateOf(3.5), random)).toBe(3.5);
  });

  it('keeps the commonest categories and pools the rest, keeping datetimes as written', () => {
    const cells = ['a', 'a', 'a', 'b', 'b', 'c', 'd', null];
    const column = discretizeColumn({
      column: { name: 'c', kind: 'categorical' },
      cells,
      maxBins: 10,
      maxCategories: 3,
    });
    expect(column.stateCount).toBe(3);
    const rest = column.stateOf('c');
    expect(column.stateOf('d')).toBe(rest);
    expect(column.stateOf('never seen')).toBe(rest);
    const drawn = new Set(Array.from({ length: 100 }, () => column.draw(rest, random)));
    expect(drawn).toEqual(new Set(['c', 'd', null]));
    const dates = discretizeColumn({
      column: { name: 'd', kind: 'datetime', datetimeFormat: 'yyyy-MM-dd' },
      cells: ['2024-01-02', '2024-01-03'],
      maxBins: 10,
      maxCategories: 3,
    });
    expect(dates.draw(dates.stateOf('2024-01-03'), random)).toBe('2024-01-03');
  });
});
