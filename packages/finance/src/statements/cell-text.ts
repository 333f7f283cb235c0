import type { Cell } from './statement-types.js';

export function getCellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'number' ? String(cell) : cell.trim();
}

export function isBlankCell(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

export function isBlankRow(row: readonly Cell[] | undefined): boolean {
  return row === undefined || row.every(isBlankCell);
}
