import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ChangeCategoryDialogProps = {
  /** The transaction's description and the new category's name, or null when closed. */
  change: { description: string; category: string } | null;
  isPending: boolean;
  error?: ReactNode;
  onConfirm: (applyToSimilar: boolean) => void;
  onClose: () => void;
};

/** "Change the category?" with "Apply to similar transactions too?" (ticked by default). */
export function ChangeCategoryDialog(props: ChangeCategoryDialogProps) {
  const { change } = props;
  // Remounted for each change, so the box starts ticked every time.
  return change === null ? null : (
    <ChangeCategoryContent key={`${change.description}|${change.category}`} {...props} />
  );
}

function ChangeCategoryContent({
  change,
  isPending,
  error,
  onConfirm,
  onClose,
}: ChangeCategoryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [applyToSimilar, setApplyToSimilar] = useState(true);
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('financialViewer.analysis.change.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1 }}>
        <DialogContentText>
          {t('financialViewer.analysis.change.question', {
            description: change?.description ?? '',
            category: change?.category ?? '',
          })}
        </DialogContentText>
        <FormControlLabel
          control={
            <Checkbox
              checked={applyToSimilar}
              onChange={(event) => {
                setApplyToSimilar(event.target.checked);
              }}
            />
          }
          label={t('financialViewer.analysis.change.applyToSimilar')}
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          {t('financialViewer.analysis.change.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={isPending}
          onClick={() => {
            onConfirm(applyToSimilar);
          }}
        >
          {t('financialViewer.analysis.change.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
