import type { TDatasetEntry } from '@app/contracts/dataverse';
import { hasRole } from '@app/contracts/roles';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCurrentUser } from '../../../lib/auth';
import { useDeleteDataset } from '../api/delete-dataset';
import { useReport } from '../api/get-report';
import { getDataverseErrorMessage } from '../utils/error-text';
import { CATALOGUE_PATH } from '../utils/paths';

type DatasetActionsProps = {
  entry: TDatasetEntry;
  /** The page shows the dataset's family: deleting removes the family with its datasets. */
  isFamily: boolean;
};

/** Deleting the dataset (or its family) after a confirmation, then to `afterPath`. */
export function DeleteDataset({
  entry,
  isFamily,
  afterPath = CATALOGUE_PATH,
}: DatasetActionsProps & { afterPath?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deletion = useDeleteDataset();
  const [isConfirming, setConfirming] = useState(false);
  const family = isFamily ? entry.datasetFamily : null;
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteIcon />}
        onClick={() => {
          deletion.reset();
          setConfirming(true);
        }}
      >
        {family ? t('dataverse.delete.family') : t('dataverse.delete.dataset')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={family ? t('dataverse.delete.familyTitle') : t('dataverse.delete.datasetTitle')}
        message={
          family
            ? t('dataverse.delete.familyMessage', {
                name: family.familyName,
                value: family.datasets.length,
              })
            : t('dataverse.delete.datasetMessage', { name: entry.dataset.datasetName })
        }
        confirmLabel={t('dataverse.delete.confirm')}
        cancelLabel={t('dataverse.delete.cancel')}
        isPending={deletion.isPending}
        error={deletion.isError ? getDataverseErrorMessage(t, deletion.error) : undefined}
        onClose={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          deletion.mutate(
            family
              ? { id: family.familyId, isFamily: true }
              : { id: entry.dataset.datasetId, isFamily: false },
            {
              onSuccess: () => {
                setConfirming(false);
                void navigate(afterPath, { replace: true });
              },
            },
          );
        }}
      />
    </>
  );
}

/** Starts the browser's download of a same-origin address. */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The version's report: asked for, waited for while the server prepares it, then downloaded. */
function ReportButton({ datasetId }: { datasetId: string }) {
  const { t } = useTranslation();
  const [isWanted, setWanted] = useState(false);
  const report = useReport(datasetId, isWanted);
  const downloaded = useRef<string | null>(null);
  const url = report.data?.status === 'READY' ? report.data.url : null;
  useEffect(() => {
    if (!isWanted || url === null || downloaded.current === url) return;
    downloaded.current = url;
    download(url);
  }, [isWanted, url]);
  const isPreparing = isWanted && (report.isFetching || report.data?.status === 'PREPARING');
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DescriptionIcon />}
        disabled={isPreparing && !report.isError}
        onClick={() => {
          downloaded.current = null;
          setWanted(true);
          void report.refetch();
        }}
      >
        {t('dataverse.report.button')}
      </Button>
      {isWanted && report.data?.status === 'PREPARING' ? (
        <Alert severity="info" role="status" sx={{ flexBasis: '100%' }}>
          {t('dataverse.report.preparing')}
        </Alert>
      ) : null}
      {isWanted && report.isError ? (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {getDataverseErrorMessage(t, report.error)}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The actions beside a dataset's title, each shown to whom it is for: deleting to the owning
 * team's owner or administrator (the server checks the role again).
 */
export function DatasetActions({ entry, isFamily }: DatasetActionsProps) {
  const { data: user } = useCurrentUser();
  const canDelete =
    entry.isOwn &&
    user !== undefined &&
    (hasRole(user.roles, 'OWNER') || hasRole(user.roles, 'ADMIN'));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {entry.dsiId ? <ReportButton datasetId={entry.dataset.datasetId} /> : null}
      {canDelete ? <DeleteDataset entry={entry} isFamily={isFamily} /> : null}
    </Box>
  );
}
