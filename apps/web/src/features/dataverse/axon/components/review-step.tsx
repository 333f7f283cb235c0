import {
  INSTANCE_COLUMN_TYPES,
  type TInstance,
  type TInstanceField,
  type TUpdateInstanceRequest,
} from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { formatCount } from '../../../../lib/format';
import { formatScore } from '../../utils/dataset-format';
import { columnTypeText, isColumnType } from '../utils/column-type';

type Choice = Pick<TInstanceField, 'name' | 'type' | 'isTarget' | 'isSensitive'>;

/**
 * The columns the seller changed, as the review call takes them: the target and sensitivity,
 * and the type only when it was changed (the engine's 'empty' is not one a seller can send).
 */
export function reviewChanges(
  fields: readonly TInstanceField[],
  choices: readonly Choice[],
): TUpdateInstanceRequest['fields'] {
  return choices.flatMap(({ name, type, isTarget, isSensitive }) => {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) return [];
    const newType = type !== field.type && isColumnType(type) ? type : undefined;
    const isChanged =
      newType !== undefined || field.isTarget !== isTarget || field.isSensitive !== isSensitive;
    if (!isChanged) return [];
    return [{ name, isTarget, isSensitive, ...(newType === undefined ? {} : { type: newType }) }];
  });
}

/** The types a column can be given: the engine's own first when the seller cannot choose it. */
function typeOptions(profiled: string): string[] {
  return isColumnType(profiled) ? [...INSTANCE_COLUMN_TYPES] : [profiled, ...INSTANCE_COLUMN_TYPES];
}

type ReviewStepProps = {
  instance: TInstance;
  isPending: boolean;
  /** Why confirming or cancelling failed, translated. */
  error: string | null;
  onConfirm: (changes: TUpdateInstanceRequest['fields']) => void;
  onCancel: () => void;
};

/**
 * Step 4 of add-data: the profile (each column's type, unique and missing values, the personal
 * data it looks like) and the quality score; the seller changes a column's type, marks the
 * sensitive columns and the target, then confirms the version or cancels it (its file is
 * removed).
 */
export function ReviewStep({ instance, isPending, error, onConfirm, onCancel }: ReviewStepProps) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Choice[]>(() =>
    instance.fields.map(({ name, type, isTarget, isSensitive }) => ({
      name,
      type,
      isTarget,
      isSensitive,
    })),
  );
  const [isCancelAsked, setCancelAsked] = useState(false);
  const choose = (name: string, change: Partial<Choice>) => {
    setChoices((current) =>
      current.map((choice) => {
        if (choice.name === name) return { ...choice, ...change };
        // One target at most.
        return change.isTarget === true ? { ...choice, isTarget: false } : choice;
      }),
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Typography>
          {t('axon.addData.review.rows', { rows: formatCount(instance.numberOfRows ?? 0) })}
        </Typography>
        <Typography>
          {t('axon.addData.review.columns', { columns: formatCount(instance.fields.length) })}
        </Typography>
        <Typography>
          {t('axon.addData.review.quality', {
            score: formatScore(instance.qualityScore) ?? '—',
          })}
        </Typography>
      </Box>
      {instance.batchId !== null && (
        <Alert severity="info">{t('axon.addData.review.family')}</Alert>
      )}
      <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label={t('axon.addData.review.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('axon.addData.review.column')}</TableCell>
              <TableCell>{t('axon.addData.review.type')}</TableCell>
              <TableCell align="right">{t('axon.addData.review.unique')}</TableCell>
              <TableCell align="right">{t('axon.addData.review.missing')}</TableCell>
              <TableCell>{t('axon.addData.review.personal')}</TableCell>
              <TableCell>{t('axon.addData.review.sensitive')}</TableCell>
              <TableCell>{t('axon.addData.review.target')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {instance.fields.map((field) => {
              const choice = choices.find((candidate) => candidate.name === field.name);
              return (
                <TableRow key={field.name}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{field.name}</TableCell>
                  <TableCell sx={{ minWidth: 150 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={choice?.type ?? field.type}
                      slotProps={{
                        htmlInput: {
                          'aria-label': t('axon.addData.review.typeOf', { name: field.name }),
                        },
                      }}
                      onChange={(event) => {
                        choose(field.name, { type: event.target.value });
                      }}
                    >
                      {typeOptions(field.type).map((type) => (
                        <MenuItem key={type} value={type}>
                          {columnTypeText(t, type)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell align="right">{formatCount(field.uniqueValues)}</TableCell>
                  <TableCell align="right">{formatCount(field.missingValues)}</TableCell>
                  <TableCell>
                    {field.personalData !== null && (
                      <Chip
                        size="small"
                        color="warning"
                        label={columnTypeText(t, `pii:${field.personalData}`)}
                      />
                    )}
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={choice?.isSensitive ?? false}
                      slotProps={{
                        input: {
                          'aria-label': t('axon.addData.review.sensitiveOf', { name: field.name }),
                        },
                      }}
                      onChange={(event) => {
                        choose(field.name, { isSensitive: event.target.checked });
                      }}
                    />
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Radio
                      checked={choice?.isTarget ?? false}
                      slotProps={{
                        input: {
                          'aria-label': t('axon.addData.review.targetOf', { name: field.name }),
                        },
                      }}
                      onChange={() => {
                        choose(field.name, { isTarget: true });
                      }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {error !== null && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button
          disabled={isPending}
          onClick={() => {
            setCancelAsked(true);
          }}
        >
          {t('axon.addData.review.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={isPending}
          onClick={() => {
            onConfirm(reviewChanges(instance.fields, choices));
          }}
        >
          {t('axon.addData.review.confirm')}
        </Button>
      </Box>
      <ConfirmDialog
        isOpen={isCancelAsked}
        title={t('axon.addData.review.cancelTitle')}
        message={t('axon.addData.review.cancelMessage')}
        confirmLabel={t('axon.addData.review.cancelConfirm')}
        cancelLabel={t('axon.addData.review.keep')}
        isPending={isPending}
        onConfirm={() => {
          setCancelAsked(false);
          onCancel();
        }}
        onClose={() => {
          setCancelAsked(false);
        }}
      />
    </Box>
  );
}
