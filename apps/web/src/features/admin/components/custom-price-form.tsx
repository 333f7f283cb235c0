import { ZAdminCustomPriceRequest, type TAdminProduct } from '@app/contracts/admin';
import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelect } from '../../../components/form/form-select';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { describeAdminError } from '../utils/admin-error';
import { formatEuroCents } from '../../../lib/format';
import { useCreateCustomPrice } from '../api/create-custom-price';
import { parseEuroToCents } from '../../../lib/parse-euro';

const { productId, price, interval } = ZAdminCustomPriceRequest.shape;

/** The contract's fields, with the price typed in euro ("49,90") and read as cents. */
const ZCustomPriceForm = z.object({
  productId: z.string().min(1, { error: VALIDATION.required }).pipe(productId),
  price: z
    .string()
    .trim()
    .min(1, { error: VALIDATION.required })
    .transform((text, context) => {
      const cents = parseEuroToCents(text);
      if (cents !== null) return cents;
      context.addIssue({ code: 'custom', message: 'validation.euroAmount' });
      return z.NEVER;
    })
    .pipe(price),
  interval,
});

const INTERVALS = ['MONTH', 'YEAR'] as const;

type CustomPriceFormProps = { userId: string; products: TAdminProduct[] };

/** (a) A price of a plan for this customer's team alone, in euro. */
export function CustomPriceForm({ userId, products }: CustomPriceFormProps) {
  const { t } = useTranslation();
  const createPrice = useCreateCustomPrice();
  const form = useForm<
    z.input<typeof ZCustomPriceForm>,
    unknown,
    z.output<typeof ZCustomPriceForm>
  >({
    resolver: zodResolver(ZCustomPriceForm),
    defaultValues: { productId: '', price: '', interval: 'MONTH' },
  });

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const created = await createPrice.mutateAsync({ ...values, userId, currency: 'eur' });
        form.resetField('price');
        return { created, productId: values.productId };
      }}
      heading={{
        title: t('admin.billing.customPrice.title'),
        subtitle: t('admin.billing.customPrice.subtitle'),
        level: 'section',
      }}
      successText={({ created, productId }) => {
        const product = products.find((item) => item.productId === productId);
        return t('admin.billing.customPrice.created', {
          price: `${formatEuroCents(created.price)} · ${t(`admin.billing.intervals.${created.interval}`)}`,
          product: product?.productName ?? '',
        });
      }}
      isNoticeDismissible
      describeError={describeAdminError(t)}
    >
      <FormSelect
        name="productId"
        label={t('admin.billing.customPrice.product')}
        options={products.map((product) => ({
          value: product.productId,
          label: product.productName,
        }))}
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormTextField
          name="price"
          label={t('admin.billing.customPrice.price')}
          hint={t('admin.billing.customPrice.priceHint')}
          inputMode="text"
          autoComplete="off"
          required
        />
        <FormSelect
          name="interval"
          label={t('admin.billing.customPrice.interval')}
          options={INTERVALS.map((value) => ({
            value,
            label: t(`admin.billing.intervals.${value}`),
          }))}
          required
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('admin.billing.customPrice.currency')}: {t('admin.billing.customPrice.currencyEur')}
      </Typography>
      <Box>
        <SubmitButton>{t('admin.billing.customPrice.submit')}</SubmitButton>
      </Box>
    </Form>
  );
}
