import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Form, FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { useGenerateRows, type GenerateAmount } from '../api/generate-rows';
import { runPath } from '../utils/paths';
import { readRowCount } from '../utils/row-count';
import { describeNucleusActionError } from './nucleus-error';

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
  if (kind === 'rows') {
    const rows = readRowCount(text);
    return rows === null ? null : { numRows: rows };
  }
  const scale = Number(text.trim().replace(',', '.'));
  return Number.isFinite(scale) && scale > 0 && scale <= MAX_SCALE ? { scale } : null;
}

const INVALID: Record<AmountKind, string> = {
  scale: 'nucleus.relational.scaleInvalid',
  rows: 'nucleus.synthesize.numRowsInvalid',
};

/** The amount of the kind chosen, read into what the server takes. */
const ZGenerateAmount = z
  .object({ kind: z.enum(['scale', 'rows']), scale: z.string(), rows: z.string() })
  .transform((values, context) => {
    const amount = readAmount(values[values.kind], values.kind);
    if (amount !== null) return amount;
    context.addIssue({ code: 'custom', path: [values.kind], message: INVALID[values.kind] });
    return z.NEVER;
  });

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
  const initialKind: AmountKind = isRelational ? 'scale' : 'rows';
  const form = useForm({
    resolver: zodResolver(ZGenerateAmount),
    defaultValues: {
      kind: initialKind,
      scale: DEFAULT_SCALE,
      rows: DEFAULT_ROWS,
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const close = () => {
    form.reset();
    onClose();
  };
  let label = t('nucleus.generate.rows');
  let help = t('nucleus.generate.help');
  if (kind === 'scale') {
    label = t('nucleus.relational.scale');
    help = t('nucleus.generate.scaleHelp');
  } else if (isRelational) {
    label = t('nucleus.generate.rowsOf', { table: rootTable });
    help = t('nucleus.generate.rowsOfHelp', { table: rootTable });
  }
  return (
    <Dialog
      open={isOpen}
      onClose={form.formState.isSubmitting ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Form
        form={form}
        layout="plain"
        onSubmit={async (amount) => {
          const run = await generate.mutateAsync({ runId, ...amount });
          close();
          void navigate(runPath(run.id));
        }}
        describeError={(error) => describeNucleusActionError(t, error)}
      >
        <DialogTitle id={titleId}>{t('nucleus.generate.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {isRelational ? (
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  color="primary"
                  value={field.value}
                  aria-label={t('nucleus.generate.amountKind')}
                  onChange={(_, value: AmountKind | null) => {
                    if (value === null) return;
                    field.onChange(value);
                    form.clearErrors();
                  }}
                  sx={{ justifySelf: 'start', flexWrap: 'wrap', mt: 1 }}
                >
                  <ToggleButton value="scale">{t('nucleus.generate.byScale')}</ToggleButton>
                  <ToggleButton value="rows">
                    {t('nucleus.generate.rowsOf', { table: rootTable })}
                  </ToggleButton>
                </ToggleButtonGroup>
              )}
            />
          ) : null}
          <FormTextField
            key={kind}
            name={kind}
            autoFocus
            label={label}
            hint={help}
            inputMode={kind === 'scale' ? 'decimal' : 'numeric'}
          />
          <FormOutcomeArea />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={form.formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <SubmitButton>{t('nucleus.generate.confirm')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
