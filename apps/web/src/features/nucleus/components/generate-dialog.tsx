import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGenerateRows, type GenerateAmount } from '../api/generate-rows';
import { runPath } from '../utils/paths';
import { NucleusActionError } from './nucleus-error';

const DEFAULT_ROWS = '1000';
const DEFAULT_SCALE = '1';
const MAX_SCALE = 100;

/** A relational run's tables are drawn at a scale of their real rows, or sized by a root table's rows. */
type AmountKind = 'scale' | 'rows';

type GenerateDialogProps = {
  runId: string;
  /**
   * Of a relational run (which draws every table again), its first table without a parent, whose
   * rows can be given instead of a scale; null for a run of one table.
   */
  rootTable: string | null;
  isOpen: boolean;
  onClose: () => void;
};

/** The amount typed, or null when it is not one the server takes. */
function readAmount(text: string, kind: AmountKind): GenerateAmount | null {
  const value = Number(text.trim().replace(',', '.'));
  if (kind === 'scale') {
    return Number.isFinite(value) && value > 0 && value <= MAX_SCALE ? { scale: value } : null;
  }
  return Number.isInteger(value) && value >= 1 ? { numRows: value } : null;
}

/**
 * How many more rows (or, for related tables, what scale or how many rows of the first root
 * table) to draw; the new run's page follows.
 */
export function GenerateDialog({ runId, rootTable, isOpen, onClose }: GenerateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const generate = useGenerateRows();
  const isRelational = rootTable !== null;
  const [kind, setKind] = useState<AmountKind>(isRelational ? 'scale' : 'rows');
  const [amounts, setAmounts] = useState({ scale: DEFAULT_SCALE, rows: DEFAULT_ROWS });
  const [isInvalid, setInvalid] = useState(false);
  const close = () => {
    generate.reset();
    setInvalid(false);
    onClose();
  };
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const amount = readAmount(amounts[kind], kind);
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
  let label = t('nucleus.generate.rows');
  let help = t('nucleus.generate.help');
  if (kind === 'scale') {
    label = t('nucleus.relational.scale');
    help = isInvalid ? t('nucleus.relational.scaleInvalid') : t('nucleus.generate.scaleHelp');
  } else if (isRelational) {
    label = t('nucleus.generate.rowsOf', { table: rootTable });
    help = t('nucleus.generate.rowsOfHelp', { table: rootTable });
  }
  if (kind === 'rows' && isInvalid) help = t('nucleus.synthesize.numRowsInvalid');
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
          {isRelational ? (
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={kind}
              aria-label={t('nucleus.generate.amountKind')}
              onChange={(_, value: AmountKind | null) => {
                if (value === null) return;
                setKind(value);
                setInvalid(false);
              }}
              sx={{ justifySelf: 'start', flexWrap: 'wrap', mt: 1 }}
            >
              <ToggleButton value="scale">{t('nucleus.generate.byScale')}</ToggleButton>
              <ToggleButton value="rows">
                {t('nucleus.generate.rowsOf', { table: rootTable })}
              </ToggleButton>
            </ToggleButtonGroup>
          ) : null}
          <TextField
            key={kind}
            autoFocus
            margin="dense"
            label={label}
            value={amounts[kind]}
            error={isInvalid}
            helperText={help}
            slotProps={{ htmlInput: { inputMode: kind === 'scale' ? 'decimal' : 'numeric' } }}
            onChange={(event) => {
              setAmounts((current) => ({ ...current, [kind]: event.target.value }));
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
