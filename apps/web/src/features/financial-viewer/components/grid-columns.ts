import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatIsoDate } from '../utils/dates';
import { formatCents } from '../utils/money';

/** A column of ISO dates shown as the module writes dates. */
export function dateColumn<R extends GridValidRowModel>(column: GridColDef<R>): GridColDef<R> {
  return { valueFormatter: (value: string) => formatIsoDate(value), ...column };
}

/** A column of amounts in cents of the row's currency; a missing amount shows as a dash. */
export function centsColumn<R extends GridValidRowModel>({
  currencyOf,
  ...column
}: GridColDef<R> & { currencyOf: (row: R) => string }): GridColDef<R> {
  return {
    type: 'number',
    valueFormatter: (value: number | null, row) =>
      value === null ? '—' : formatCents(value, currencyOf(row)),
    ...column,
  };
}

/** A column of amounts in euro cents, sharing the width with its neighbours. */
export function euroColumn<R extends GridValidRowModel>(column: GridColDef<R>): GridColDef<R> {
  return centsColumn({ currencyOf: () => 'EUR', flex: 1, minWidth: 130, ...column });
}
