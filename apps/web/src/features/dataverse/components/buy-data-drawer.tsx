import { ONE_TIME_PRICE_ID, type TPromotionCodeResponse } from '@app/contracts/billing';
import type { TDatasetEntry } from '@app/contracts/dataverse';
import { zodResolver } from '@hookform/resolvers/zod';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { CouponField } from '../../../components/payment/coupon-field';
import { formatCount, formatEuroCents } from '../../../lib/format';
import { checkRows, defaultRows, purchasePriceCents } from '../utils/purchase-rules';
import { DatasetCheckout } from './dataset-checkout';
import { DatasetPrice } from './dataset-price';

type BuyDataDrawerProps = {
  entry: TDatasetEntry;
  /** The version bought: the dataset's current one. */
  dsiId: string;
  isOpen: boolean;
  onClose: () => void;
};

const ROWS_ERRORS = {
  invalid: 'dataverse.buy.rowsInvalid',
  tooMany: 'dataverse.buy.rowsTooMany',
} as const;

/** The rows asked for, as typed: a whole number from 1 to the rows the version has. */
function rowsForm(available: number) {
  return z.object({
    rows: z.string().transform((text, context) => {
      const check = checkRows(text, available);
      if (check.kind === 'ok') return check.rows;
      context.addIssue({ code: 'custom', message: ROWS_ERRORS[check.kind] });
      return z.NEVER;
    }),
  });
}

/**
 * The BUY DATA side drawer (spec 001 §2): how many rows, their price by the spec's rule, a
 * promotion code checked by the server, then the payment dialog.
 */
export function BuyDataDrawer({ entry, dsiId, isOpen, onClose }: BuyDataDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const available = entry.numberOfRows;
  const schema = useMemo(() => rowsForm(available), [available]);
  const form = useForm({
    resolver: zodResolver(schema),
    // The count is checked as it is typed: the price follows it.
    mode: 'onChange',
    defaultValues: { rows: String(defaultRows(available)) },
  });
  const [coupon, setCoupon] = useState<TPromotionCodeResponse | null>(null);
  const [paidRows, setPaidRows] = useState<number | null>(null);
  const check = checkRows(useWatch({ control: form.control, name: 'rows' }), available);
  const rows = check.kind === 'ok' ? check.rows : null;
  const priceOf = (count: number) =>
    purchasePriceCents({
      pricingValue: entry.pricingValue,
      pricingBase: entry.pricingBase,
      rows: count,
    });
  const priceCents = rows === null ? null : priceOf(rows);
  const rowsCount = { count: available, rows: formatCount(available) };

  return (
    <>
      <Drawer
        anchor="right"
        open={isOpen}
        onClose={onClose}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: { xs: '100%', sm: 420 }, maxWidth: '100%' },
          },
        }}
      >
        <Form
          form={form}
          layout="plain"
          onSubmit={({ rows: chosen }) => {
            setPaidRows(chosen);
            return Promise.resolve();
          }}
        >
          <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {t('dataverse.buy.title')}
              </Typography>
              <IconButton edge="end" aria-label={t('dataverse.buy.close')} onClick={onClose}>
                <CloseIcon />
              </IconButton>
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {entry.dataset.datasetName}
              </Typography>
              <DatasetPrice pricingValue={entry.pricingValue} pricingBase={entry.pricingBase} />
            </Box>
            <FormTextField
              name="rows"
              label={t('dataverse.buy.rows')}
              hint={t('dataverse.buy.rowsAvailable', rowsCount)}
              errorValues={rowsCount}
              autoFocus
              inputMode="numeric"
            />
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {t('dataverse.buy.coupon')}
              </Typography>
              <CouponField priceId={ONE_TIME_PRICE_ID} coupon={coupon} onChange={setCoupon} />
            </Box>
            <Divider />
            <Box
              role="group"
              aria-label={t('dataverse.buy.price')}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
            >
              <Typography sx={{ fontWeight: 600 }}>{t('dataverse.buy.price')}</Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid="buy-price">
                {priceCents === null ? '—' : formatEuroCents(priceCents)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('dataverse.buy.priceNote')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
              <Button onClick={onClose}>{t('dataverse.buy.cancel')}</Button>
              <SubmitButton disabled={rows === null}>{t('dataverse.buy.submit')}</SubmitButton>
            </Box>
          </Box>
        </Form>
      </Drawer>
      {paidRows === null ? null : (
        <DatasetCheckout
          entry={entry}
          dsiId={dsiId}
          rows={paidRows}
          priceCents={priceOf(paidRows)}
          coupon={coupon}
          onClose={() => {
            setPaidRows(null);
          }}
        />
      )}
    </>
  );
}
