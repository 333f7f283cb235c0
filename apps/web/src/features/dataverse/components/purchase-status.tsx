import type { TPurchase } from '@app/contracts/dataverse';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = {
  PENDING: 'default',
  REQUIRES_ACTION: 'warning',
  PROCESSING: 'info',
  PAYMENT_FAILED: 'error',
  PAID: 'success',
  CANCELED: 'default',
} as const;

/** Where a purchase's payment stands, in the user's language. */
export function PurchaseStatus({ status }: { status: TPurchase['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={COLORS[status]} label={t(`dataverse.purchase.status.${status}`)} />
  );
}
