import { ONE_TIME_PRICE_ID, type TPromotionCodeResponse } from '@app/contracts/billing';
import type { TDatasetEntry } from '@app/contracts/dataverse';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * The BUY DATA side drawer (spec 001 §2): how many rows, their price by the spec's rule, a
 * promotion code checked by the server, then the payment dialog.
 */
export function BuyDataDrawer({ entry, dsiId, isOpen, onClose }: BuyDataDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const available = entry.numberOfRows;
  const [rowsText, setRowsText] = useState(() => String(defaultRows(available)));
  const [coupon, setCoupon] = useState<TPromotionCodeResponse | null>(null);
  const [isPaying, setPaying] = useState(false);
  const check = checkRows(rowsText, available);
  const rows = check.kind === 'ok' ? check.rows : null;
  const priceCents =
    rows === null
      ? null
      : purchasePriceCents({
          pricingValue: entry.pricingValue,
          pricingBase: entry.pricingBase,
          rows,
        });

  let rowsHelp = t('dataverse.buy.rowsAvailable', {
    count: available,
    rows: formatCount(available),
  });
  if (check.kind === 'invalid') rowsHelp = t('dataverse.buy.rowsInvalid');
  if (check.kind === 'tooMany') {
    rowsHelp = t('dataverse.buy.rowsTooMany', { count: available, rows: formatCount(available) });
  }

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
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (rows !== null) setPaying(true);
          }}
          sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
        >
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
          <TextField
            label={t('dataverse.buy.rows')}
            value={rowsText}
            onChange={(event) => {
              setRowsText(event.target.value);
            }}
            error={check.kind !== 'ok'}
            helperText={rowsHelp}
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
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
            <Button type="submit" variant="contained" disabled={rows === null}>
              {t('dataverse.buy.submit')}
            </Button>
          </Box>
        </Box>
      </Drawer>
      {isPaying && rows !== null && priceCents !== null ? (
        <DatasetCheckout
          entry={entry}
          dsiId={dsiId}
          rows={rows}
          priceCents={priceCents}
          coupon={coupon}
          onClose={() => {
            setPaying(false);
          }}
        />
      ) : null}
    </>
  );
}
