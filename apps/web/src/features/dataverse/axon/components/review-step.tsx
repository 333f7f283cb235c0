import {
  INSTANCE_COLUMN_TYPES,
  ZUpdateInstanceRequest,
  type TInstance,
  type TInstanceField,
  type TUpdateInstanceRequest,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Form, FormOutcomeArea } from '../../../../components/form/form';
import { SubmitButton } from '../../../../components/form/form-buttons';
import { FormCheckbox } from '../../../../components/form/form-checkbox';
import { FormRadio } from '../../../../components/form/form-radio';
import { FormSelect } from '../../../../components/form/form-select';
import { formatCount } from '../../../../lib/format';
import { formatScore } from '../../utils/dataset-format';
import { getAxonErrorMessage } from '../utils/axon-error-text';
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

/**
 * The review as the seller makes it, column by column in the profile's order: a type (the
 * engine's own may be one the seller cannot send back), the sensitivity, and one target at most
 * (the name of its column, or empty).
 */
const ZReviewForm = z.object({
  columns: z.array(
    ZUpdateInstanceRequest.shape.fields.element
      .pick({ isSensitive: true })
      .required()
      .extend({ type: z.string() }),
  ),
  target: z.string(),
});
type ReviewForm = z.infer<typeof ZReviewForm>;

function choicesOf(fields: readonly TInstanceField[], values: ReviewForm): Choice[] {
  return fields.map(({ name }, index) => ({
    name,
    type: values.columns[index]?.type ?? '',
    isSensitive: values.columns[index]?.isSensitive ?? false,
    isTarget: values.target === name,
  }));
}

type ReviewStepProps = {
  instance: TInstance;
  /** Confirms the version with the columns the seller changed; a refusal is shown above. */
  onConfirm: (changes: TUpdateInstanceRequest['fields']) => Promise<unknown>;
  isCancelling: boolean;
  /** Why cancelling failed, translated. */
  cancelError: string | null;
  onCancel: () => void;
};

/**
 * Step 4 of add-data: the profile (each column's type, unique and missing values, the personal
 * data it looks like) and the quality score; the seller changes a column's type, marks the
 * sensitive columns and the target, then confirms the version or cancels it (its file is
 * removed).
 */
export function ReviewStep({
  instance,
  onConfirm,
  isCancelling,
  cancelError,
  onCancel,
}: ReviewStepProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(ZReviewForm),
    defaultValues: {
      columns: instance.fields.map(({ type, isSensitive }) => ({ type, isSensitive })),
      target: instance.fields.find((field) => field.isTarget)?.name ?? '',
    },
  });
  const [isCancelAsked, setCancelAsked] = useState(false);
  return (
    <>
      <Form
        form={form}
        layout="plain"
        label={t('axon.addData.steps.review')}
        onSubmit={(values) =>
          onConfirm(reviewChanges(instance.fields, choicesOf(instance.fields, values)))
        }
        describeError={(error) => getAxonErrorMessage(t, error)}
      >
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
                {instance.fields.map((field, index) => (
                  <TableRow key={field.name}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{field.name}</TableCell>
                    <TableCell sx={{ minWidth: 150 }}>
                      <FormSelect
                        name={`columns.${String(index)}.type`}
                        label={t('axon.addData.review.typeOf', { name: field.name })}
                        isLabelHidden
                        required
                        options={typeOptions(field.type).map((type) => ({
                          value: type,
                          label: columnTypeText(t, type),
                        }))}
                      />
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
                      <FormCheckbox
                        name={`columns.${String(index)}.isSensitive`}
                        label={t('axon.addData.review.sensitiveOf', { name: field.name })}
                        isLabelHidden
                      />
                    </TableCell>
                    <TableCell padding="checkbox">
                      <FormRadio
                        name="target"
                        value={field.name}
                        label={t('axon.addData.review.targetOf', { name: field.name })}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <FormOutcomeArea />
          {cancelError !== null && <Alert severity="error">{cancelError}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <CancelButton
              isCancelling={isCancelling}
              onClick={() => {
                setCancelAsked(true);
              }}
            />
            <SubmitButton>{t('axon.addData.review.confirm')}</SubmitButton>
          </Box>
        </Box>
      </Form>
      <ConfirmDialog
        isOpen={isCancelAsked}
        title={t('axon.addData.review.cancelTitle')}
        message={t('axon.addData.review.cancelMessage')}
        confirmLabel={t('axon.addData.review.cancelConfirm')}
        cancelLabel={t('axon.addData.review.keep')}
        isPending={isCancelling}
        onConfirm={() => {
          setCancelAsked(false);
          onCancel();
        }}
        onClose={() => {
          setCancelAsked(false);
        }}
      />
    </>
  );
}

/** Cancelling the version waits for a confirmation under way, and for itself. */
function CancelButton({ isCancelling, onClick }: { isCancelling: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState();
  return (
    <Button disabled={isSubmitting || isCancelling} onClick={onClick}>
      {t('axon.addData.review.cancel')}
    </Button>
  );
}
