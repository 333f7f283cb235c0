import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGenerateRows, type GenerateAmount } from '../api/generate-rows';
import { runPath } from '../utils/paths';
import { NucleusActionError } from './nucleus-error';

const DEFAULT_ROWS = '1000';
const DEFAULT_SCALE = '1';
const MAX_SCALE = 100;

type GenerateDialogProps = {
  runId: string;
  /** A relational run draws every table again, at a scale of the real rows. */
  isRelational: boolean;
  isOpen: boolean;
  onClose: () => void;
};

/** The amount typed, or null when it is not one the server takes. */
function readAmount(text: string, isRelational: boolean): GenerateAmount | null {
  const value = Number(text.trim().replace(',', '.'));
  if (isRelational) {
    return Number.isFinite(value) && value > 0 && value <= MAX_SCALE ? { scale: value } : null;
  }
  return Number.isInteger(value) && value >= 1 ? { numRows: value } : null;
}

/** How many more rows (or, for related tables, what scale) to draw; the new run's page follows. */
export function GenerateDialog({ runId, isRelational, isOpen, onClose }: GenerateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const generate = useGenerateRows();
  const [rows, setRows] = useState(isRelational ? DEFAULT_SCALE : DEFAULT_ROWS);
  const [isInvalid, setInvalid] = useState(false);
  const close = () => {
    generate.reset();
    setInvalid(false);
    onClose();
  };
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const amount = readAmount(rows, isRelational);
    setInvalid(amount === null);
    if (amount === null) return;
    generate.mutate(
      { runId, ...amount },
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
            label={isRelational ? t('nucleus.relational.scale') : t('nucleus.generate.rows')}
            value={rows}
            error={isInvalid}
            helperText={
              isRelational
                ? isInvalid
                  ? t('nucleus.relational.scaleInvalid')
                  : t('nucleus.generate.scaleHelp')
                : isInvalid
                  ? t('nucleus.synthesize.numRowsInvalid')
                  : t('nucleus.generate.help')
            }
            slotProps={{ htmlInput: { inputMode: isRelational ? 'decimal' : 'numeric' } }}
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
