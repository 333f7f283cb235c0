import { PRICE_MODEL_FREE, PRICE_MODEL_PER_ROW } from '@app/contracts';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/form-select';
import { FormTextField } from '../../../../components/form/form-text-field';
import type { TPriceFormInput } from '../utils/metadata-form';

/**
 * A dataset's price in a form that has the price fields: the model, and for a per-row price
 * the euro per `pricingBase` rows.
 */
export function PriceFields() {
  const { t } = useTranslation();
  const name = (field: keyof TPriceFormInput) => field;
  const priceModel: unknown = useWatch({ name: name('priceModel') });
  const isFree = priceModel === PRICE_MODEL_FREE;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: isFree ? '1fr' : '1fr 1fr 1fr' },
      }}
    >
      <FormSelect
        name={name('priceModel')}
        label={t('axon.price.model')}
        required
        options={[
          { value: PRICE_MODEL_FREE, label: t('axon.price.free') },
          { value: PRICE_MODEL_PER_ROW, label: t('axon.price.perRow') },
        ]}
      />
      {!isFree && (
        <>
          <FormTextField
            name={name('pricingValue')}
            label={t('axon.price.value')}
            hint={t('axon.price.valueHint')}
            required
          />
          <FormTextField
            name={name('pricingBase')}
            label={t('axon.price.base')}
            required
            inputMode="numeric"
          />
        </>
      )}
    </Box>
  );
}
