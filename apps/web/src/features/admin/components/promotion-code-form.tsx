import {
  PROMOTION_MAX_MONTHS,
  ZAdminPromotionCodeRequest,
  type TAdminProduct,
  type TAdminPromotionCodeRequest,
} from '@app/contracts/admin';
import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { describeAdminError } from '../utils/admin-error';
import { useCreatePromotionCode } from '../api/create-promotion-code';
import { dateInputToIso, isDateInput } from '../utils/date-input';
import { parseEuroToCents } from '../../../lib/parse-euro';
import { getProductPriceOptions } from '../utils/price-label';

const CODE_MAX_LENGTH = 64;

function parseWholeNumber(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** A whole number of months a subscription keeps the discount, 1 to PROMOTION_MAX_MONTHS. */
function parseMonths(text: string): number | null {
  const months = parseWholeNumber(text);
  return months !== null && months >= 1 && months <= PROMOTION_MAX_MONTHS ? months : null;
}

/** The last instant of the chosen day: a code "expiring on" a day works all that day. */
function parseExpiry(text: string): string | null {
  return isDateInput(text) ? dateInputToIso(text, 'end') : null;
}

/** An optional field: undefined when empty, null when it does not read. */
function readOptional<T>(text: string, parse: (text: string) => T | null): T | null | undefined {
  return text === '' ? undefined : parse(text);
}

/**
 * What the administrator types, read into the contract's request, which then checks its own
 * rules (code pattern, 1 to 100 percent, exactly one discount).
 */
const ZPromotionCodeForm = z
  .object({
    code: z.string().trim(),
    discountType: z.enum(['percent', 'amount']),
    percentOff: z.string().trim(),
    amountOff: z.string().trim(),
    expiresAt: z.string().trim(),
    maxRedemptions: z.string().trim(),
    durationMonths: z.string().trim(),
    priceIds: z.array(z.string()),
  })
  .transform((values, context): TAdminPromotionCodeRequest => {
    const fail = (path: string, message: string) => {
      context.addIssue({ code: 'custom', message, path: [path] });
    };
    const isPercent = values.discountType === 'percent';
    const discountField = isPercent ? 'percentOff' : 'amountOff';
    const discount = readOptional(
      values[discountField],
      isPercent ? parseWholeNumber : parseEuroToCents,
    );
    const maxRedemptions = readOptional(values.maxRedemptions, parseWholeNumber);
    const expiresAt = readOptional(values.expiresAt, parseExpiry);
    const durationMonths = readOptional(values.durationMonths, parseMonths);
    if (values.code === '') fail('code', VALIDATION.required);
    if (discount === undefined) fail(discountField, VALIDATION.required);
    if (discount === null)
      fail(discountField, isPercent ? VALIDATION.invalid : 'validation.euroAmount');
    if (maxRedemptions === null) fail('maxRedemptions', 'validation.wholeNumber');
    if (expiresAt === null) fail('expiresAt', VALIDATION.invalid);
    if (durationMonths === null) fail('durationMonths', 'validation.durationMonths');
    if (
      values.code === '' ||
      discount == null ||
      maxRedemptions === null ||
      expiresAt === null ||
      durationMonths === null
    ) {
      return z.NEVER;
    }
    return {
      code: values.code,
      percentOff: isPercent ? discount : undefined,
      amountOff: isPercent ? undefined : discount,
      expiresAt,
      maxRedemptions,
      durationMonths,
      priceIds: values.priceIds.length > 0 ? values.priceIds : undefined,
    };
  })
  .pipe(ZAdminPromotionCodeRequest);

type PromotionCodeFormValues = z.input<typeof ZPromotionCodeForm>;

const DEFAULT_VALUES: PromotionCodeFormValues = {
  code: '',
  discountType: 'percent',
  percentOff: '',
  amountOff: '',
  expiresAt: '',
  maxRedemptions: '',
  durationMonths: '',
  priceIds: [],
};

/** A new promotion code: percent or amount off, optional expiry, limit and prices. */
export function PromotionCodeForm({ products }: { products: TAdminProduct[] }) {
  const { t } = useTranslation();
  const discountLabelId = useId();
  const pricesLabelId = useId();
  const createCode = useCreatePromotionCode();
  const form = useForm<PromotionCodeFormValues, unknown, z.output<typeof ZPromotionCodeForm>>({
    resolver: zodResolver(ZPromotionCodeForm),
    defaultValues: DEFAULT_VALUES,
  });
  const discountType = useWatch({ control: form.control, name: 'discountType' });
  const priceOptions = getProductPriceOptions(t, products);

  return (
    <Form
      form={form}
      onSubmit={async (request) => {
        const created = await createCode.mutateAsync(request);
        form.reset(DEFAULT_VALUES);
        return created;
      }}
      heading={{ title: t('admin.promotionCodes.form.title'), level: 'part' }}
      successText={(created) => t('admin.promotionCodes.form.created', { code: created.code })}
      isNoticeDismissible
      describeError={describeAdminError(t)}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <FormTextField
          name="code"
          label={t('admin.promotionCodes.form.code')}
          hint={t('admin.promotionCodes.form.codeHint')}
          maxLength={CODE_MAX_LENGTH}
          autoComplete="off"
          required
        />
        <Controller
          control={form.control}
          name="discountType"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={discountLabelId} sx={{ fontSize: 14 }}>
                {t('admin.promotionCodes.form.discountType')}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={discountLabelId}
                name={field.name}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  form.clearErrors(['percentOff', 'amountOff']);
                }}
              >
                <FormControlLabel
                  value="percent"
                  control={<Radio size="small" />}
                  label={t('admin.promotionCodes.form.percent')}
                />
                <FormControlLabel
                  value="amount"
                  control={<Radio size="small" />}
                  label={t('admin.promotionCodes.form.amount')}
                />
              </RadioGroup>
            </FormControl>
          )}
        />
        {discountType === 'percent' ? (
          <FormTextField
            key="percentOff"
            name="percentOff"
            label={t('admin.promotionCodes.form.percentOff')}
            hint={t('admin.promotionCodes.form.percentHint')}
            inputMode="numeric"
            autoComplete="off"
            required
          />
        ) : (
          <FormTextField
            key="amountOff"
            name="amountOff"
            label={t('admin.promotionCodes.form.amountOff')}
            hint={t('admin.promotionCodes.form.amountHint')}
            autoComplete="off"
            required
          />
        )}
        <FormTextField
          name="maxRedemptions"
          label={t('admin.promotionCodes.form.maxRedemptions')}
          hint={t('admin.promotionCodes.form.maxRedemptionsHint')}
          inputMode="numeric"
          autoComplete="off"
        />
        <FormTextField
          name="durationMonths"
          label={t('admin.promotionCodes.form.durationMonths')}
          hint={t('admin.promotionCodes.form.durationHint')}
          inputMode="numeric"
          autoComplete="off"
        />
        <FormTextField
          name="expiresAt"
          type="date"
          label={t('admin.promotionCodes.form.expiresAt')}
          hint={t('admin.promotionCodes.form.expiresHint')}
        />
        <Controller
          control={form.control}
          name="priceIds"
          render={({ field }) => (
            <FormControl size="small" fullWidth>
              <InputLabel id={pricesLabelId}>{t('admin.promotionCodes.form.prices')}</InputLabel>
              <Select
                multiple
                labelId={pricesLabelId}
                name={field.name}
                value={field.value}
                onChange={(event) => {
                  const { value } = event.target;
                  field.onChange(typeof value === 'string' ? value.split(',') : value);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                input={<OutlinedInput label={t('admin.promotionCodes.form.prices')} />}
                renderValue={(selected) =>
                  selected
                    .map(
                      (id: string) =>
                        priceOptions.find((option) => option.value === id)?.label ?? id,
                    )
                    .join('; ')
                }
                MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
              >
                {priceOptions.map((option) => (
                  <MenuItem key={option.value} value={option.value} dense>
                    <Checkbox size="small" checked={field.value.includes(option.value)} />
                    <ListItemText primary={option.label} />
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>{t('admin.promotionCodes.form.pricesHint')}</FormHelperText>
            </FormControl>
          )}
        />
      </Box>
      <Box>
        <SubmitButton>{t('admin.promotionCodes.form.submit')}</SubmitButton>
      </Box>
    </Form>
  );
}
