import {
  FINANCIAL_VIEWER_ERRORS,
  type TBank,
  type TConnection,
} from '@app/contracts/financial-viewer';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { ViewerLoadError } from '../components/viewer-load-error';
import { useCreateConnection } from '../api/create-connection';
import { useDeleteConnection } from '../api/delete-connection';
import { useBanks } from '../api/get-banks';
import { useConnections } from '../api/get-connections';
import { financialViewerKeys } from '../api/query-keys';
import { useRefreshConnection } from '../api/refresh-connection';
import { AddConnectionDialog } from '../components/add-connection-dialog';
import { BankLogo } from '../components/bank-logo';
import { PageHeader } from '../components/page-header';
import { PlanExceededDialog } from '../components/plan-exceeded-dialog';
import { SubscriptionOverlay } from '../components/subscription-overlay';
import { ViewerGrid } from '../components/viewer-grid';
import { useViewerAccess } from '../hooks/use-viewer-access';
import '../i18n/register';
import { formatTimestamp } from '../utils/dates';
import { canAddConnection } from '../utils/plan-limit';
import { getViewerErrorMessage, hasErrorCode, isSubscriptionRequired } from '../utils/error-text';

/** What the bank widget posts to its opener (spec §4). */
export const WIDGET_MESSAGES = {
  completed: 'flow completed',
  cancelled: 'flow cancelled',
  planExceeded: 'flow plan exceeded',
};
const WIDGET_FEATURES = 'popup,width=480,height=760';

const KNOWN_REASONS = [
  'CONSENT_EXPIRED',
  'CONSENT_REJECTED',
  'RATE_LIMITED',
  'BANK_UNAVAILABLE',
  'NOT_FOUND',
  'INVALID_REQUEST',
];

function StatusCell({ connection }: { connection: TConnection }) {
  const { t } = useTranslation();
  const status = connection.conStatus;
  // Every status in the UI language; OK reads CONNECTED (spec §4).
  const label = t(`financialViewer.connections.statuses.${status}`);
  const color =
    status === 'OK'
      ? 'success'
      : status === 'UPDATING'
        ? 'info'
        : status === 'ERROR' || status === 'EXPIRED'
          ? 'error'
          : 'default';
  const reason =
    (status === 'ERROR' || status === 'EXPIRED') && connection.conStatusReason
      ? KNOWN_REASONS.includes(connection.conStatusReason)
        ? t(`financialViewer.connections.reasons.${connection.conStatusReason}`)
        : t('financialViewer.connections.reasons.other')
      : null;
  return (
    <Box sx={{ display: 'grid', gap: 0.25, py: 1 }}>
      <Chip size="small" label={label} color={color} sx={{ justifySelf: 'start' }} />
      {reason ? (
        <Typography variant="caption" color="text.secondary">
          {reason}
        </Typography>
      ) : null}
    </Box>
  );
}

type GridProps = {
  connections: TConnection[];
  banks: Map<string, TBank>;
  isLoading: boolean;
  refreshingId: string | null;
  onRefresh?: (connection: TConnection) => void;
  onDelete?: (connection: TConnection) => void;
};

function ConnectionsGrid({
  connections,
  banks,
  isLoading,
  refreshingId,
  onRefresh,
  onDelete,
}: GridProps) {
  const { t } = useTranslation();
  const columns: GridColDef<TConnection>[] = [
    {
      field: 'conName',
      headerName: t('financialViewer.connections.name'),
      flex: 1,
      minWidth: 160,
    },
    {
      field: 'conEntityName',
      headerName: t('financialViewer.connections.bank'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => {
        const bank = row.conEntityCode ? banks.get(row.conEntityCode) : undefined;
        return (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <BankLogo logo={bank?.logo} />
            <span>{row.conEntityName ?? bank?.bank_name ?? row.conEntityCode ?? '—'}</span>
          </Box>
        );
      },
    },
    {
      field: 'conStatus',
      headerName: t('financialViewer.connections.status'),
      minWidth: 170,
      renderCell: ({ row }) => <StatusCell connection={row} />,
    },
    {
      field: 'conLastRefreshDate',
      headerName: t('financialViewer.connections.lastRefresh'),
      minWidth: 160,
      valueFormatter: (value: string | null) => formatTimestamp(value),
    },
    {
      field: 'actions',
      headerName: t('financialViewer.connections.actions'),
      sortable: false,
      minWidth: 120,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
          <Tooltip title={t('financialViewer.connections.refresh')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('financialViewer.connections.refreshNamed', { name: row.conName })}
                disabled={
                  onRefresh === undefined ||
                  row.conSource === 'FILE' ||
                  row.conStatus === 'UPDATING' ||
                  refreshingId === row.conId
                }
                onClick={() => onRefresh?.(row)}
              >
                <RefreshIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('financialViewer.connections.delete')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('financialViewer.connections.deleteNamed', { name: row.conName })}
                disabled={onDelete === undefined}
                onClick={() => onDelete?.(row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ),
    },
  ];
  return (
    <Box sx={{ width: '100%', minWidth: 0, overflowX: 'auto' }}>
      <ViewerGrid
        aria-label={t('financialViewer.connections.title')}
        rows={connections}
        getRowId={(row) => row.conId}
        columns={columns}
        loading={isLoading}
        getRowHeight={() => 'auto'}
        hideFooter={connections.length <= 25}
        sx={{
          minHeight: 240,
          // Rows grow with a status reason: every cell keeps its content centred.
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 },
        }}
      />
    </Box>
  );
}

/**
 * Connections tab: the team's bank connections, adding one through the bank's widget, refresh
 * and delete. Without a subscription it shows blurred under the 'subscribe' overlay.
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useViewerAccess();
  const connections = useConnections({ enabled: access.isSubscribed });
  const banksQuery = useBanks();
  const create = useCreateConnection();
  const refresh = useRefreshConnection();
  const remove = useDeleteConnection();
  const [isAdding, setAdding] = useState(false);
  const [isPlanExceeded, setPlanExceeded] = useState(false);
  const [toDelete, setToDelete] = useState<TConnection | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const banks = useMemo(
    () => new Map((banksQuery.data ?? []).map((bank) => [bank.bank_code, bank])),
    [banksQuery.data],
  );

  // The widget posts its outcome to this window, from our own origin only.
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if (event.data === WIDGET_MESSAGES.completed) {
        void queryClient.invalidateQueries({ queryKey: financialViewerKeys.connections() });
        void queryClient.invalidateQueries({ queryKey: financialViewerKeys.accounts() });
        setNotice({ severity: 'success', text: t('financialViewer.connections.flowCompleted') });
      } else if (event.data === WIDGET_MESSAGES.cancelled) {
        setNotice({ severity: 'info', text: t('financialViewer.connections.flowCancelled') });
      } else if (event.data === WIDGET_MESSAGES.planExceeded) {
        // Other widgets finished first and used the plan's last connection.
        setNotice(null);
        setPlanExceeded(true);
      }
    }
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, [queryClient, t]);

  if (access.isPending) {
    return <Skeleton variant="rounded" height={320} aria-label={t('common.loading')} />;
  }

  const isLocked = !access.isSubscribed || isSubscriptionRequired(connections.error);
  if (isLocked) {
    return (
      <SubscriptionOverlay>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" startIcon={<AddIcon />} tabIndex={-1}>
              {t('financialViewer.connections.add')}
            </Button>
          </Box>
          <ConnectionsGrid connections={[]} banks={banks} isLoading={false} refreshingId={null} />
        </Box>
      </SubscriptionOverlay>
    );
  }

  const list = connections.data ?? [];

  function startAdding() {
    setNotice(null);
    if (!canAddConnection(list.length, access.bankLimit)) {
      setPlanExceeded(true);
      return;
    }
    setAdding(true);
  }

  async function addConnection(name: string) {
    try {
      const created = await create.mutateAsync({ conName: name, source: 'BANK' });
      setAdding(false);
      if (!created.widgetUrl) return;
      const popup = window.open(created.widgetUrl, 'bank-widget', WIDGET_FEATURES);
      setNotice(
        popup
          ? { severity: 'success', text: t('financialViewer.connections.widgetOpened') }
          : { severity: 'warning', text: t('financialViewer.connections.popupBlocked') },
      );
    } catch (error) {
      if (hasErrorCode(error, FINANCIAL_VIEWER_ERRORS.planExceeded)) {
        setAdding(false);
        setPlanExceeded(true);
      }
      throw error;
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <PageHeader
        title={t('financialViewer.connections.title')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={startAdding}
            disabled={connections.isPending}
          >
            {t('financialViewer.connections.add')}
          </Button>
        }
      />
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
      {connections.isError ? (
        <ViewerLoadError error={connections.error} onRetry={() => void connections.refetch()} />
      ) : (
        <ConnectionsGrid
          connections={list}
          banks={banks}
          isLoading={connections.isPending}
          refreshingId={refresh.isPending ? refresh.variables : null}
          onRefresh={(connection) => {
            setNotice(null);
            refresh.mutate(connection.conId, {
              onError: (error) => {
                setNotice({ severity: 'error', text: getViewerErrorMessage(t, error) });
              },
            });
          }}
          onDelete={(connection) => {
            remove.reset();
            setToDelete(connection);
          }}
        />
      )}
      <AddConnectionDialog
        isOpen={isAdding}
        existingNames={list.map((connection) => connection.conName)}
        onSubmit={addConnection}
        onClose={() => {
          setAdding(false);
        }}
      />
      <PlanExceededDialog
        isOpen={isPlanExceeded}
        onClose={() => {
          setPlanExceeded(false);
        }}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t('financialViewer.connections.deleteTitle')}
        message={t('financialViewer.connections.deleteQuestion', { name: toDelete?.conName ?? '' })}
        confirmLabel={t('financialViewer.actions.delete')}
        cancelLabel={t('financialViewer.actions.cancel')}
        isPending={remove.isPending}
        error={remove.isError ? getViewerErrorMessage(t, remove.error) : undefined}
        onConfirm={() => {
          if (toDelete === null) return;
          remove.mutate(toDelete.conId, {
            onSuccess: () => {
              setNotice({
                severity: 'success',
                text: t('financialViewer.connections.deleted', { name: toDelete.conName }),
              });
              setToDelete(null);
            },
          });
        }}
        onClose={() => {
          setToDelete(null);
        }}
      />
    </Box>
  );
}
