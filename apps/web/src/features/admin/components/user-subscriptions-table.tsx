import type { TSubscription } from '@app/contracts/billing';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '../../../lib/format';
import { getStatusTagColor } from '../../../lib/subscription-status';

type UserSubscriptionsTableProps = { email: string; subscriptions: TSubscription[] };

/** A customer's subscriptions: neuron, plan, status tag, dates (dd-MM-yyyy) and price. */
export function UserSubscriptionsTable({ email, subscriptions }: UserSubscriptionsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('admin.billing.subscriptions.tableLabel', { email })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.billing.subscriptions.columns.neuron')}</TableCell>
            <TableCell>{t('admin.billing.subscriptions.columns.plan')}</TableCell>
            <TableCell>{t('admin.billing.subscriptions.columns.status')}</TableCell>
            <TableCell>{t('admin.billing.subscriptions.columns.startDate')}</TableCell>
            <TableCell>{t('admin.billing.subscriptions.columns.endDate')}</TableCell>
            <TableCell align="right">{t('admin.billing.subscriptions.columns.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {subscriptions.map((subscription) => (
            <TableRow key={subscription.id}>
              <TableCell>{subscription.serviceName}</TableCell>
              <TableCell>{subscription.planInfo.planName}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={getStatusTagColor(subscription)}
                  data-status={subscription.status}
                  label={
                    subscription.status === 'ACTIVE' && subscription.cancelAtPeriodEnd
                      ? t('admin.billing.status.cancelling')
                      : t(`admin.billing.status.${subscription.status}`)
                  }
                />
              </TableCell>
              <TableCell>{formatDate(subscription.startDate)}</TableCell>
              <TableCell>{formatDate(subscription.endDate)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {subscription.priceCents === null ? '—' : formatEuroCents(subscription.priceCents)}
                {subscription.interval === null
                  ? ''
                  : ` · ${t(`admin.billing.intervals.${subscription.interval}`)}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
