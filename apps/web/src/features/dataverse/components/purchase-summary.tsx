import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount, formatEuroCents } from '../../../lib/format';
import { DatasetPrice } from './dataset-price';

type PurchaseSummaryProps = {
  datasetName: string;
  rows: number;
  pricingValue: number;
  pricingBase: number;
  priceCents: number;
};

/** What the payment dialog says is bought: the dataset, its rows, the per-row price and the price. */
export function PurchaseSummary(props: PurchaseSummaryProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 2 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {props.datasetName}
        </Typography>
        <Typography color="text.secondary">
          {t('dataverse.buy.summaryRows', { count: props.rows, rows: formatCount(props.rows) })}
        </Typography>
        <DatasetPrice pricingValue={props.pricingValue} pricingBase={props.pricingBase} />
      </Box>
      <Typography sx={{ fontWeight: 600 }}>{formatEuroCents(props.priceCents)}</Typography>
    </Box>
  );
}
