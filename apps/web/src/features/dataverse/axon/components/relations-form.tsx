import { ZRelationsRequest, type TDatasetEntry } from '@app/contracts';
import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../../components/form/form';
import { SubmitButton } from '../../../../components/form/form-buttons';
import { FormSelect } from '../../../../components/form/form-select';
import { useSetRelations } from '../api/set-relations';
import { getAxonErrorMessage } from '../utils/axon-error-text';

type Family = NonNullable<TDatasetEntry['datasetFamily']>;

type RelationsFormProps = {
  datasetId: string;
  family: Family;
};

const required = z.string().min(1, { error: VALIDATION.required });

/** One relation of the loader's request, chosen in three lists. */
const ZRelationForm = ZRelationsRequest.shape.relations.element
  .pick({ column: true, referencedDatasetId: true, referencedColumn: true })
  .extend({ column: required, referencedDatasetId: required, referencedColumn: required });

/**
 * The relations of a family's dataset: which of its columns refers to a column (a key) of
 * another dataset of the family. Existing ones are listed; a new one is saved by the loader.
 */
export function RelationsForm({ datasetId, family }: RelationsFormProps) {
  const { t } = useTranslation();
  const relations = useSetRelations();
  const form = useForm({
    resolver: zodResolver(ZRelationForm),
    defaultValues: { column: '', referencedDatasetId: '', referencedColumn: '' },
  });
  const referencedDatasetId = useWatch({ control: form.control, name: 'referencedDatasetId' });
  // Another dataset has other columns: its column is chosen again.
  useEffect(() => {
    form.resetField('referencedColumn', { defaultValue: '' });
  }, [form, referencedDatasetId]);
  const own = family.datasets.find((member) => member.datasetId === datasetId);
  const others = family.datasets.filter((member) => member.datasetId !== datasetId);
  const referenced = others.find((member) => member.datasetId === referencedDatasetId);
  const existing = (own?.fields ?? []).filter((field) => field.dsfReference !== null);
  if (!own || others.length === 0) return null;
  const columnsOf = (fields: readonly { dsfName: string }[]) =>
    fields.map((field) => ({ value: field.dsfName, label: field.dsfName }));
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {t('axon.relations.title')}
      </Typography>
      {existing.length === 0 ? (
        <Typography>{t('axon.relations.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {existing.map((field) => (
            <li key={field.dsfName}>
              {field.dsfName} → {field.dsfReference}
            </li>
          ))}
        </Box>
      )}
      <Form
        form={form}
        label={t('axon.relations.title')}
        onSubmit={(relation) => relations.mutateAsync({ relations: [{ datasetId, ...relation }] })}
        successText={() => t('axon.relations.saved')}
        describeError={(error) => getAxonErrorMessage(t, error)}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <FormSelect
            name="column"
            label={t('axon.relations.column')}
            options={columnsOf(own.fields)}
            required
          />
          <FormSelect
            name="referencedDatasetId"
            label={t('axon.relations.dataset')}
            options={others.map((member) => ({
              value: member.datasetId,
              label: member.datasetName,
            }))}
            required
          />
          <FormSelect
            name="referencedColumn"
            label={t('axon.relations.referencedColumn')}
            options={columnsOf(referenced?.fields ?? [])}
            disabled={!referenced}
            required
          />
          <SubmitButton variant="outlined">{t('axon.relations.save')}</SubmitButton>
        </Box>
      </Form>
    </Box>
  );
}
