import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGenerateRows } from '../api/generate-rows';
import { runPath } from '../utils/paths';
import { NucleusActionError } from './nucleus-error';

const DEFAULT_ROWS = '1000';

type GenerateDialogProps = { runId: string; isOpen: boolean; onClose: () => void };

/** How many more rows to draw with the run's settings; the new run's page follows. */
export function GenerateDialog({ runId, isOpen, onClose }: GenerateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const generate = useGenerateRows();
  const [rows, setRows] = useState(DEFAULT_ROWS);
  const [isInvalid, setInvalid] = useState(false);
  const close = () => {
    generate.reset();
    setInvalid(false);
    onClose();
  };
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const numRows = Number(rows.trim());
    const invalid = !Number.isInteger(numRows) || numRows < 1;
    setInvalid(invalid);
    if (invalid) return;
    generate.mutate(
      { runId, numRows },
      {
        onSuccess: (run) => {
          close();
          void navigate(runPath(run.id));
        },
      },
    );
  };
  return (
    <Dialog
      open={isOpen}
      onClose={generate.isPending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('nucleus.generate.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <TextField
            autoFocus
            margin="dense"
            label={t('nucleus.generate.rows')}
            value={rows}
            error={isInvalid}
            helperText={
              isInvalid ? t('nucleus.synthesize.numRowsInvalid') : t('nucleus.generate.help')
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(event) => {
              setRows(event.target.value);
            }}
          />
          {generate.isError ? <NucleusActionError error={generate.error} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={generate.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={generate.isPending}>
            {t('nucleus.generate.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
