import { describe, expect, it } from 'vitest';
import { readCsvTable, TableError } from './table.js';

describe('readCsvTable', () => {
  it('reads the header and the rows, with blank cells as missing and blank lines skipped', () => {
    expect(readCsvTable('\uFEFFname, age\nAna,41\n  ,3\n\n"Smith, J",7\n')).toEqual({
      columns: ['name', 'age'],
      rows: [
        ['Ana', '41'],
        [null, '3'],
        ['Smith, J', '7'],
      ],
    });
  });

  it('refuses a file without a header', () => {
    expect(() => readCsvTable('')).toThrow(TableError);
  });

  it('names the row whose cell count differs from the header', () => {
    expect(() => readCsvTable('a,b\n1,2\n3\n')).toThrow('Row 3 has 1 cells; the header has 2.');
  });

  it('refuses a quote that is never closed', () => {
    expect(() => readCsvTable('a,b\n1,"open\n')).toThrow(TableError);
  });
});
