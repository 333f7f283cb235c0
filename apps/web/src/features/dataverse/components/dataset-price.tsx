import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount, formatEuroCents } from '../../../lib/format';

type DatasetPriceProps = {
  /** Euro cents per `pricingBase` rows; 0 is free. */
  pricingValue: number;
  pricingBase: number;
} & Pick<TypographyProps, 'variant'>;

/** A dataset's price with the spec's unit label '/row' ("0,05 €/row", "5,00 € / 1.000 rows"). */
export function DatasetPrice({ pricingValue, pricingBase, variant }: DatasetPriceProps) {
  const { t } = useTranslation();
  let text: string;
  if (pricingValue <= 0) text = t('dataverse.price.free');
  else if (pricingBase <= 1)
    text = t('dataverse.price.perRow', { price: formatEuroCents(pricingValue) });
  else {
    text = t('dataverse.price.perRows', {
      price: formatEuroCents(pricingValue),
      rows: formatCount(pricingBase),
    });
  }
  return (
    <Typography variant={variant ?? 'body2'} sx={{ fontWeight: 600 }}>
      {text}
    </Typography>
  );
}
