import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../../components/form/form';
import { FormMoneyField } from './money-field';
import { WizardFormActions } from './wizard-actions';

type InitialBalanceStepProps = {
  accountName: string;
  /** The balance before the file's first movement, in cents. */
  onDone: (cents: number) => void;
  onCancel: () => void;
};

const ZInitialBalance = z.object({
  balance: z.number({ error: VALIDATION.required }).int(),
});

/** The balance of an account before its first import, in euros with cents (step 0.01). */
export function InitialBalanceStep({ accountName, onDone, onCancel }: InitialBalanceStepProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(ZInitialBalance),
    mode: 'onChange',
    defaultValues: { balance: 0 },
  });
  return (
    <Form
      form={form}
      onSubmit={({ balance }) => {
        onDone(balance);
        return Promise.resolve();
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('financialViewer.import.initialBalanceIntro', { name: accountName })}
      </Typography>
      <Box sx={{ maxWidth: 320 }}>
        <FormMoneyField
          name="balance"
          label={t('financialViewer.import.initialBalance')}
          required
        />
      </Box>
      <WizardFormActions onCancel={onCancel} />
    </Form>
  );
}
