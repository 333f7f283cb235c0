import { VALIDATION } from '@app/contracts/common';
import type { TAccount } from '@app/contracts/financial-viewer';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../../components/form/form';
import { formatCents } from '../../utils/money';
import { FormMoneyField } from './money-field';
import { WizardFormActions } from './wizard-actions';

type InitialBalanceStepProps = {
  account: TAccount;
  /** The account has movements already: its balance is set and the import keeps it. */
  hasMovements: boolean;
  /** The balance before the file's first movement in cents; undefined when it is kept. */
  onDone: (cents: number | undefined) => void;
  onCancel: () => void;
};

const ZInitialBalance = z.object({
  balance: z.number({ error: VALIDATION.required }).int(),
});

/**
 * The balance of the chosen account before the file's movements (spec §2, step 0.01), filled
 * in with the balance it has now. An account with movements keeps the balance it has (the
 * import only adds movements to it), so the step shows it and says so, and changes nothing.
 */
export function InitialBalanceStep({
  account,
  hasMovements,
  onDone,
  onCancel,
}: InitialBalanceStepProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(ZInitialBalance),
    mode: 'onChange',
    defaultValues: { balance: account.accountCurrentBalance },
  });
  return (
    <Form
      form={form}
      onSubmit={({ balance }) => {
        onDone(hasMovements ? undefined : balance);
        return Promise.resolve();
      }}
    >
      {hasMovements ? (
        <Alert severity="info">
          {t('financialViewer.import.initialBalanceSet', {
            name: account.accountName,
            balance: formatCents(account.accountCurrentBalance, account.accountCurrency),
          })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('financialViewer.import.initialBalanceIntro', { name: account.accountName })}
        </Typography>
      )}
      <Box sx={{ maxWidth: 320 }}>
        <FormMoneyField
          name="balance"
          label={t('financialViewer.import.initialBalance')}
          currency={account.accountCurrency}
          required={!hasMovements}
          disabled={hasMovements}
        />
      </Box>
      <WizardFormActions onCancel={onCancel} />
    </Form>
  );
}
