import { describe, expect, it } from 'vitest';
import { createTablePacker, packTable, unpackTable } from './packed-table.js';

describe('packed tables', () => {
  it('give back the same text cells, empty cells as null, each distinct cell kept once', () => {
    const table = {
      columns: ['age', 'city', 'note'],
      rows: [
        ['31', 'Lima', null],
        ['45', 'Quito', ''],
        ['31', 'Lima', 'a "quoted", text'],
      ],
    };
    const packed = packTable(table);
    expect(packed.rowCount).toBe(3);
    expect(packed.cells.map((column) => column.values)).toEqual([
      ['31', '45'],
      ['Lima', 'Quito'],
      ['', 'a "quoted", text'],
    ]);
    expect(unpackTable(packed)).toEqual(table);
    expect(structuredClone(packed)).toEqual(packed);
  });

  it('write synthetic values as their text, up to the rows they were made for', () => {
    const packer = createTablePacker(['id', 'score', 'kind'], 2);
    packer.add([1, 0.5, 'x']);
    packer.add([2, null, 'x']);
    expect(() => {
      packer.add([3, 1, 'y']);
    }).toThrow(RangeError);
    expect(unpackTable(packer.finish())).toEqual({
      columns: ['id', 'score', 'kind'],
      rows: [
        ['1', '0.5', 'x'],
        ['2', null, 'x'],
      ],
    });
    const few = createTablePacker(['id'], 10);
    few.add(['a']);
    expect(few.finish().cells[0]?.codes).toHaveLength(1);
  });
});
