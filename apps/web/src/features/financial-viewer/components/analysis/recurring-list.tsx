import type { TRecurringPayment } from '@app/contracts/financial-viewer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '../../../../lib/format';
import { formatIsoDate } from '../../utils/dates';

function cadenceLabel(t: TFunction, cadence: TRecurringPayment['cadence']): string {
  switch (cadence) {
    case 'weekly':
      return t('financialViewer.analysis.recurring.cadence.weekly');
    case 'biweekly':
      return t('financialViewer.analysis.recurring.cadence.biweekly');
    case 'monthly':
      return t('financialViewer.analysis.recurring.cadence.monthly');
    case 'quarterly':
      return t('financialViewer.analysis.recurring.cadence.quarterly');
    case 'yearly':
      return t('financialViewer.analysis.recurring.cadence.yearly');
  }
}

/** The repeating incomes and payments found in the history, with their next expected date. */
export function RecurringList({ recurring }: { recurring: TRecurringPayment[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (recurring.length === 0) return null;
  const sorted = [...recurring].sort((a, b) => a.nextDate.localeCompare(b.nextDate));
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {t('financialViewer.analysis.recurring.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('financialViewer.analysis.recurring.ownTransfers')}
      </Typography>
      <List dense disablePadding>
        {sorted.map((payment) => (
          <ListItem
            key={`${payment.description}|${payment.cadence}|${String(payment.amount)}`}
            disableGutters
            secondaryAction={
              <Typography
                variant="body2"
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  color: payment.amount < 0 ? 'error.main' : 'success.main',
                }}
              >
                {formatEuroCents(payment.amount)}
              </Typography>
            }
            sx={{ pr: 14 }}
          >
            <ListItemText
              primary={payment.description}
              secondary={t('financialViewer.analysis.recurring.detail', {
                cadence: cadenceLabel(t, payment.cadence),
                date: formatIsoDate(payment.nextDate),
              })}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
