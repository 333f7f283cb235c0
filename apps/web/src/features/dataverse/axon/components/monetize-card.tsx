import type { TMyDataset } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Form } from '../../../../components/form/form';
import { SubmitButton } from '../../../../components/form/form-buttons';
import { usePublishDataset } from '../api/publish-dataset';
import { useSetPrice } from '../api/set-price';
import { getAxonErrorMessage } from '../utils/axon-error-text';
import {
  PRICE_SERVER_FIELDS,
  priceFormValues,
  ZPriceForm,
  type TPriceFormInput,
} from '../utils/metadata-form';
import { PriceFields } from './price-fields';

/** One of the team's datasets on the monetize page: its price, and in or out of the catalogue. */
export function MonetizeCard({ dataset }: { dataset: TMyDataset }) {
  const { t } = useTranslation();
  const setPrice = useSetPrice();
  const publish = usePublishDataset();
  const form = useForm<TPriceFormInput, unknown, z.output<typeof ZPriceForm>>({
    resolver: zodResolver(ZPriceForm),
    defaultValues: priceFormValues(dataset),
  });
  const failure = setPrice.error ?? publish.error;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={dataset.datasetName}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {dataset.datasetName}
        </Typography>
        <Chip size="small" label={t(`axon.status.${dataset.status}`)} />
      </Box>
      <Form
        form={form}
        label={t('axon.monetize.priceOf', { name: dataset.datasetName })}
        onSubmit={async (price) => {
          await setPrice.mutateAsync({ datasetId: dataset.datasetId, price });
          form.reset(priceFormValues(price));
        }}
        serverFields={PRICE_SERVER_FIELDS}
        // The card shows the refusal under the form, with the publish button's.
        describeError={() => null}
      >
        <PriceFields />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {setPrice.isSuccess && !form.formState.isDirty && (
            <Alert severity="success" sx={{ flexGrow: 1 }}>
              {t('axon.monetize.priceSaved')}
            </Alert>
          )}
          <SubmitButton variant="outlined">{t('axon.monetize.savePrice')}</SubmitButton>
          {dataset.dsiId === null ? (
            <Typography variant="body2" sx={{ alignSelf: 'center' }}>
              {t('axon.monetize.noVersion')}
            </Typography>
          ) : (
            <Button
              variant="contained"
              color={dataset.isPublished ? 'warning' : 'primary'}
              loading={publish.isPending}
              onClick={() => {
                publish.mutate({
                  datasetId: dataset.datasetId,
                  isPublished: !dataset.isPublished,
                });
              }}
            >
              {t(dataset.isPublished ? 'axon.monetize.withdraw' : 'axon.monetize.publish')}
            </Button>
          )}
        </Box>
      </Form>
      {failure !== null && <Alert severity="error">{getAxonErrorMessage(t, failure)}</Alert>}
    </Paper>
  );
}
