import { describe, expect, it } from 'vitest';
import { isFormulaLike, neutralizeCsvCell } from './neutralize-csv-cell.js';

describe('neutralizeCsvCell', () => {
  it.each(['=1+1', '+34 600', '-5 DTO', '@SUM(A1)', '\t=cmd', '\r=cmd'])(
    'makes %j inert text',
    (text) => {
      expect(isFormulaLike(text)).toBe(true);
      expect(neutralizeCsvCell(text)).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text as it is', () => {
    expect(isFormulaLike('Compra 5 €')).toBe(false);
    expect(neutralizeCsvCell('Compra 5 €')).toBe('Compra 5 €');
  });
});
