import type { TBillingInfo } from '@app/contracts/billing';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getCountryName } from '../../lib/countries';

/** The billing details an invoice will carry, as the order screen shows them. */
export function BillingSummary({ info }: { info: TBillingInfo }) {
  const { i18n } = useTranslation();
  return (
    <Box>
      <Typography>{info.companyName}</Typography>
      <Typography color="text.secondary">{info.nif}</Typography>
      <Typography color="text.secondary">{info.billingAddress}</Typography>
      <Typography color="text.secondary">
        {[info.zip, info.region, getCountryName(info.country, i18n.language)]
          .filter(Boolean)
          .join(', ')}
      </Typography>
    </Box>
  );
}
