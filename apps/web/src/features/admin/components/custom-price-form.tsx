import { ZAdminCustomPriceRequest, type TAdminProduct } from '@app/contracts/admin';
import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelect } from '../../../components/form-select';
import { FormTextField } from '../../../components/form-text-field';
import { formatEuroCents } from '../../../lib/format';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useCreateCustomPrice } from '../api/create-custom-price';
import { parseEuroToCents } from '../../../lib/parse-euro';
import { AdminForm, useFormNotice } from './admin-form';

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

const SERVER_FIELDS = ['productId', 'price', 'interval'] as const;
const INTERVALS = ['MONTH', 'YEAR'] as const;

type CustomPriceFormProps = { userId: string; products: TAdminProduct[] };

/** (a) A price of a plan for this customer's team alone, in euro. */
export function CustomPriceForm({ userId, products }: CustomPriceFormProps) {
  const { t } = useTranslation();
  const createPrice = useCreateCustomPrice();
  const notice = useFormNotice();
  const form = useForm<
    z.input<typeof ZCustomPriceForm>,
    unknown,
    z.output<typeof ZCustomPriceForm>
  >({
    resolver: zodResolver(ZCustomPriceForm),
    defaultValues: { productId: '', price: '', interval: 'MONTH' },
  });

  const onSubmit = form.handleSubmit((values) => {
    notice.clear();
    createPrice.mutate(
      { ...values, userId, currency: 'eur' },
      {
        onSuccess: (created) => {
          const product = products.find((item) => item.productId === values.productId);
          notice.succeed(
            t('admin.billing.customPrice.created', {
              price: `${formatEuroCents(created.price)} · ${t(`admin.billing.intervals.${created.interval}`)}`,
              product: product?.productName ?? '',
            }),
          );
          form.resetField('price');
        },
        onError: (error) => {
          setServerFieldErrors(error, form.setError, SERVER_FIELDS);
          notice.fail(error);
        },
      },
    );
  });

  return (
    <AdminForm
      title={t('admin.billing.customPrice.title')}
      subtitle={t('admin.billing.customPrice.subtitle')}
      level="section"
      notice={notice}
      submitLabel={t('admin.billing.customPrice.submit')}
      isSubmitting={createPrice.isPending}
      onSubmit={onSubmit}
    >
      <FormSelect
        control={form.control}
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
          control={form.control}
          name="price"
          label={t('admin.billing.customPrice.price')}
          hint={t('admin.billing.customPrice.priceHint')}
          inputMode="text"
          autoComplete="off"
          required
        />
        <FormSelect
          control={form.control}
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
    </AdminForm>
  );
}
