import { DIMENSION_CODES, type TDimension, type TLoaderDatasetRequest } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormOutcomeArea } from '../../../../components/form/form';
import { SubmitButton } from '../../../../components/form/form-buttons';
import { FormTextField } from '../../../../components/form/form-text-field';
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
  /** Resolves when the dataset is made; rejects with the API's error. */
  onSubmit: (request: TLoaderDatasetRequest) => Promise<unknown>;
};

/** Step 1 of add-data: what the dataset is, where it comes from, and its price. */
export function MetadataStep({ dimensions, onSubmit }: MetadataStepProps) {
  const { t } = useTranslation();
  const form = useForm<TMetadataFormInput, unknown, TMetadataFormOutput>({
    resolver: zodResolver(ZMetadataForm),
    defaultValues: METADATA_FORM_DEFAULTS,
  });

  return (
    <Form
      form={form}
      label={t('axon.addData.metadata.title')}
      layout="plain"
      onSubmit={onSubmit}
      serverFields={METADATA_SERVER_FIELDS}
      describeError={(error, hasFieldErrors) =>
        hasFieldErrors ? null : getAxonErrorMessage(t, error)
      }
    >
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <FormTextField
          name="datasetName"
          label={t('axon.addData.metadata.name')}
          required
          maxLength={120}
        />
        <FormTextField
          name="datasetDesc"
          label={t('axon.addData.metadata.description')}
          required
          multiline
          minRows={2}
        />
        <FormTextField
          name="datasetDescAttributes"
          label={t('axon.addData.metadata.attributes')}
          hint={t('axon.addData.metadata.attributesHint')}
          multiline
          minRows={2}
        />
        <FormTextField
          name="datasetDescUsecases"
          label={t('axon.addData.metadata.useCasesText')}
          multiline
          minRows={2}
        />
        <CodePicker
          name="industries"
          label={t('axon.addData.metadata.industries')}
          options={optionsOf(dimensions, DIMENSION_CODES.INDUSTRIES)}
          isMultiple
        />
        <CodePicker
          name="useCases"
          label={t('axon.addData.metadata.useCases')}
          options={optionsOf(dimensions, DIMENSION_CODES.USE_CASES)}
          isMultiple
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <CodePicker
            name="country"
            label={t('axon.addData.metadata.country')}
            options={optionsOf(dimensions, DIMENSION_CODES.COUNTRIES)}
            isMultiple={false}
          />
          <FormTextField
            name="frequency"
            label={t('axon.addData.metadata.frequency')}
            placeholder={t('axon.addData.metadata.frequencyHint')}
          />
        </Box>
        <PriceFields />
        <FormOutcomeArea />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <SubmitButton>{t('axon.addData.next')}</SubmitButton>
        </Box>
      </Box>
    </Form>
  );
}
