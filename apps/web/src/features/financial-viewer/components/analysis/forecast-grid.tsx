import type { TForecastRow } from '@app/contracts/financial-viewer';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '../../../../lib/format';
import { dateColumn, euroColumn } from '../grid-columns';
import { DailyGrid } from './daily-grid';

const range = (low: number, high: number) => `${formatEuroCents(low)} – ${formatEuroCents(high)}`;

/** The forecast day by day, 20 rows a page. */
export function ForecastGrid({ rows }: { rows: TForecastRow[] }) {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<TForecastRow>[]>(
    () => [
      dateColumn({
        field: 'date',
        headerName: t('financialViewer.analysis.forecast.columns.date'),
        minWidth: 110,
        flex: 0.8,
      }),
      euroColumn({
        field: 'balance',
        headerName: t('financialViewer.analysis.forecast.columns.balance'),
      }),
      euroColumn({
        field: 'pred05',
        headerName: t('financialViewer.analysis.forecast.columns.low'),
      }),
      euroColumn({
        field: 'pred95',
        headerName: t('financialViewer.analysis.forecast.columns.high'),
      }),
      {
        field: 'incomes',
        headerName: t('financialViewer.analysis.forecast.columns.incomes'),
        minWidth: 190,
        flex: 1.4,
        sortable: false,
        valueGetter: (_value, row) => range(row.incomes_day_min, row.incomes_day_max),
      },
      {
        field: 'expenses',
        headerName: t('financialViewer.analysis.forecast.columns.expenses'),
        minWidth: 190,
        flex: 1.4,
        sortable: false,
        valueGetter: (_value, row) => range(row.expenses_day_min, row.expenses_day_max),
      },
    ],
    [t],
  );
  return (
    <DailyGrid
      label={t('financialViewer.analysis.forecast.grid')}
      rows={rows}
      getDate={(row) => row.date}
      columns={columns}
    />
  );
}
