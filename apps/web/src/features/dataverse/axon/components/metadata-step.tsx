import { DIMENSION_CODES, type TDimension, type TLoaderDatasetRequest } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/form-text-field';
import { setServerFieldErrors } from '../../../../lib/form-errors';
import { getAxonErrorMessage } from '../utils/axon-error-text';
import {
  METADATA_FORM_DEFAULTS,
  METADATA_SERVER_FIELDS,
  ZMetadataForm,
  type TMetadataFormInput,
  type TMetadataFormOutput,
} from '../utils/metadata-form';
import { CodePicker, type CodeOption } from './code-picker';
import { PriceFields } from './price-fields';

function optionsOf(dimensions: TDimension[], code: string): CodeOption[] {
  const dimension = dimensions.find((candidate) => candidate.dimensionCode === code);
  return (dimension?.domels ?? []).map((element) => ({
    code: element.domelCode,
    label: element.domelDesc,
  }));
}

type MetadataStepProps = {
  dimensions: TDimension[];
  isPending: boolean;
  /** Resolves when the dataset is made; rejects with the API's error. */
  onSubmit: (request: TLoaderDatasetRequest) => Promise<unknown>;
};

/** Step 1 of add-data: what the dataset is, where it comes from, and its price. */
export function MetadataStep({ dimensions, isPending, onSubmit }: MetadataStepProps) {
  const { t } = useTranslation();
  const form = useForm<TMetadataFormInput, unknown, TMetadataFormOutput>({
    resolver: zodResolver(ZMetadataForm),
    defaultValues: METADATA_FORM_DEFAULTS,
  });
  const rootError = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!setServerFieldErrors(error, form.setError, METADATA_SERVER_FIELDS)) {
        form.setError('root', { message: getAxonErrorMessage(t, error) });
      }
    }
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('axon.addData.metadata.title')}
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'grid', gap: 2, minWidth: 0 }}
    >
      <FormTextField
        control={form.control}
        name="datasetName"
        label={t('axon.addData.metadata.name')}
        required
        maxLength={120}
      />
      <FormTextField
        control={form.control}
        name="datasetDesc"
        label={t('axon.addData.metadata.description')}
        required
        multiline
        minRows={2}
      />
      <FormTextField
        control={form.control}
        name="datasetDescAttributes"
        label={t('axon.addData.metadata.attributes')}
        hint={t('axon.addData.metadata.attributesHint')}
        multiline
        minRows={2}
      />
      <FormTextField
        control={form.control}
        name="datasetDescUsecases"
        label={t('axon.addData.metadata.useCasesText')}
        multiline
        minRows={2}
      />
      <CodePicker
        control={form.control}
        name="industries"
        label={t('axon.addData.metadata.industries')}
        options={optionsOf(dimensions, DIMENSION_CODES.INDUSTRIES)}
        isMultiple
      />
      <CodePicker
        control={form.control}
        name="useCases"
        label={t('axon.addData.metadata.useCases')}
        options={optionsOf(dimensions, DIMENSION_CODES.USE_CASES)}
        isMultiple
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CodePicker
          control={form.control}
          name="country"
          label={t('axon.addData.metadata.country')}
          options={optionsOf(dimensions, DIMENSION_CODES.COUNTRIES)}
          isMultiple={false}
        />
        <FormTextField
          control={form.control}
          name="frequency"
          label={t('axon.addData.metadata.frequency')}
          placeholder={t('axon.addData.metadata.frequencyHint')}
        />
      </Box>
      <PriceFields control={form.control} />
      {rootError !== undefined && <Alert severity="error">{rootError}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={isPending}>
          {t('axon.addData.next')}
        </Button>
      </Box>
    </Box>
  );
}
