import type { TUsageLogsResponse } from '@app/contracts/neuron-access';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMs } from '../../lib/format';
import { formatMoment } from '../../lib/format-moment';
import { useGridLocale } from '../../lib/use-grid-locale';
import './i18n/register';

type LogRow = TUsageLogsResponse[number] & { id: string };

export const LOG_PAGE_SIZES = [10, 25, 50] as const;

/** The team's latest calls, newest first, ten to a page; the grid scrolls inside on phones. */
export function CallLogGrid({ logs, isLoading }: { logs: TUsageLogsResponse; isLoading: boolean }) {
  const { t } = useTranslation();
  const localeText = useGridLocale(t('callLog.empty'));
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const rows = useMemo<LogRow[]>(
    () => logs.map((log, index) => ({ ...log, id: `${log.at}-${String(index)}` })),
    [logs],
  );
  const columns = useMemo<GridColDef<LogRow>[]>(
    () => [
      {
        field: 'at',
        headerName: t('callLog.columns.at'),
        minWidth: 170,
        flex: 1,
        valueFormatter: (value: string) => formatMoment(value),
      },
      {
        field: 'endpoint',
        headerName: t('callLog.columns.endpoint'),
        minWidth: 220,
        flex: 2,
      },
      {
        field: 'statusCode',
        headerName: t('callLog.columns.status'),
        minWidth: 90,
        renderCell: ({ value }: { value?: number }) => (
          <Chip
            size="small"
            variant="outlined"
            color={value === undefined ? 'default' : value < 400 ? 'success' : 'error'}
            label={String(value ?? '')}
          />
        ),
      },
      {
        field: 'durationMs',
        headerName: t('callLog.columns.duration'),
        type: 'number',
        minWidth: 110,
        valueFormatter: (value: number) => formatMs(value),
      },
      {
        field: 'units',
        headerName: t('callLog.columns.units'),
        type: 'number',
        minWidth: 90,
        valueFormatter: (value: number) => formatCount(value),
      },
    ],
    [t],
  );
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid
        aria-label={t('callLog.title')}
        rows={rows}
        columns={columns}
        loading={isLoading}
        disableRowSelectionOnClick
        disableColumnMenu
        disableVirtualization
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={[...LOG_PAGE_SIZES]}
        localeText={localeText}
        sx={{ minHeight: 300 }}
      />
    </Box>
  );
}
