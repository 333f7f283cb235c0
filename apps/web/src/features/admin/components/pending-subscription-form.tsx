import { ZAdminSubscriptionRequest, type TAdminProduct } from '@app/contracts/admin';
import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelect } from '../../../components/form/form-select';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { describeAdminError } from '../utils/admin-error';
import { useCreateSubscription } from '../api/create-subscription';
import {
  addIntervalToDateInput,
  dateInputToIso,
  isDateInput,
  toDateInput,
} from '../utils/date-input';
import { getPriceLabel } from '../utils/price-label';

const ZDateInput = z
  .string()
  .min(1, { error: VALIDATION.required })
  .refine(isDateInput, { error: VALIDATION.invalid });

const ZPendingSubscriptionForm = z
  .object({
    productId: z.string().min(1, { error: VALIDATION.required }),
    priceId: ZAdminSubscriptionRequest.shape.priceId,
    startDate: ZDateInput,
    endDate: ZDateInput,
  })
  .refine((values) => values.endDate > values.startDate, {
    error: 'validation.endBeforeStart',
    path: ['endDate'],
  });

type PendingSubscriptionFormProps = { userId: string; products: TAdminProduct[] };

/** Recurring prices only: a subscription renews monthly or yearly. */
function getRecurringPrices(product: TAdminProduct | undefined) {
  return (product?.prices ?? []).flatMap((price) =>
    price.interval === 'ONE_TIME' ? [] : [{ ...price, interval: price.interval }],
  );
}

/**
 * (b) A PENDING subscription on one of a product's prices, public or this customer's custom
 * one, from today to one interval later unless the administrator changes the dates.
 */
export function PendingSubscriptionForm({ userId, products }: PendingSubscriptionFormProps) {
  const { t } = useTranslation();
  const createSubscription = useCreateSubscription();
  const today = toDateInput(new Date());
  const form = useForm({
    resolver: zodResolver(ZPendingSubscriptionForm),
    defaultValues: {
      productId: '',
      priceId: '',
      startDate: today,
      endDate: addIntervalToDateInput(today, 'MONTH'),
    },
  });
  const sellable = products.filter((product) => getRecurringPrices(product).length > 0);
  const [productId, priceId, startDate] = useWatch({
    control: form.control,
    name: ['productId', 'priceId', 'startDate'],
  });
  const product = sellable.find((item) => item.productId === productId);
  const prices = getRecurringPrices(product);
  const interval = prices.find((price) => price.priceId === priceId)?.interval ?? 'MONTH';

  const isPriceOfProduct = prices.some((price) => price.priceId === priceId);

  // A price of the product chosen before is no longer a choice.
  useEffect(() => {
    if (priceId !== '' && !isPriceOfProduct) form.setValue('priceId', '');
  }, [form, priceId, isPriceOfProduct]);

  // The end date follows the start date and the price's interval; the administrator may
  // still change it afterwards.
  useEffect(() => {
    if (!isDateInput(startDate)) return;
    form.setValue('endDate', addIntervalToDateInput(startDate, interval), {
      shouldValidate: form.formState.isSubmitted,
    });
  }, [form, startDate, interval]);

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const created = await createSubscription.mutateAsync({
          userId,
          priceId: values.priceId,
          status: 'PENDING',
          startDate: dateInputToIso(values.startDate),
          endDate: dateInputToIso(values.endDate),
        });
        form.resetField('priceId');
        return created;
      }}
      heading={{
        title: t('admin.billing.subscription.title'),
        subtitle: t('admin.billing.subscription.subtitle'),
        level: 'section',
      }}
      successText={(created) =>
        t('admin.billing.subscription.created', {
          product: `${created.serviceName} ${created.planInfo.planName}`,
        })
      }
      isNoticeDismissible
      describeError={describeAdminError(t)}
    >
      <FormSelect
        name="productId"
        label={t('admin.billing.subscription.product')}
        options={sellable.map((item) => ({ value: item.productId, label: item.productName }))}
        required
      />
      <FormSelect
        name="priceId"
        label={t('admin.billing.subscription.price')}
        options={prices.map((price) => ({
          value: price.priceId,
          label: getPriceLabel(t, price),
        }))}
        disabled={product === undefined}
        required
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormTextField
          name="startDate"
          type="date"
          label={t('admin.billing.subscription.startDate')}
          required
        />
        <FormTextField
          name="endDate"
          type="date"
          label={t('admin.billing.subscription.endDate')}
          required
        />
      </Box>
      <Box>
        <SubmitButton>{t('admin.billing.subscription.submit')}</SubmitButton>
      </Box>
    </Form>
  );
}
