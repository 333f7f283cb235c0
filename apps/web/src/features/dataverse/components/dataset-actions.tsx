import type { TDatasetEntry } from '@app/contracts/dataverse';
import { hasRole } from '@app/contracts/roles';
import DeleteIcon from '@mui/icons-material/Delete';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCurrentUser } from '../../../lib/auth';
import { useDeleteDataset } from '../api/delete-dataset';
import { getDataverseErrorMessage } from '../utils/error-text';
import { CATALOGUE_PATH } from '../utils/paths';
import { BuyDataDrawer } from './buy-data-drawer';
import { ReportButton } from './report-button';

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

/** BUY DATA and its side drawer: another team's dataset that has a price (spec 001 §5). */
function BuyData({ entry, dsiId }: { entry: TDatasetEntry; dsiId: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<ShoppingCartIcon />}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('dataverse.buy.button')}
      </Button>
      <BuyDataDrawer
        entry={entry}
        dsiId={dsiId}
        isOpen={isOpen}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}

/**
 * The actions beside a dataset's title, each shown to whom it is for: deleting to the owning
 * team's owner or administrator (the server checks the role again), BUY DATA to other teams.
 */
export function DatasetActions({ entry, isFamily }: DatasetActionsProps) {
  const { data: user } = useCurrentUser();
  const canDelete =
    entry.isOwn &&
    user !== undefined &&
    (hasRole(user.roles, 'OWNER') || hasRole(user.roles, 'ADMIN'));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {entry.dsiId && entry.pricingValue > 0 && !entry.isOwn ? (
        <BuyData entry={entry} dsiId={entry.dsiId} />
      ) : null}
      {entry.dsiId ? <ReportButton datasetId={entry.dataset.datasetId} /> : null}
      {canDelete ? <DeleteDataset entry={entry} isFamily={isFamily} /> : null}
    </Box>
  );
}
