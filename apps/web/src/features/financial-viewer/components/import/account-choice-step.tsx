import { VALIDATION } from '@app/contracts/common';
import type { TAccount, TConnection } from '@app/contracts/financial-viewer';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../../components/form/form';
import { FormSelect } from '../../../../components/form/form-select';
import { useAccounts } from '../../api/get-accounts';
import { transactionsQueryOptions } from '../../api/get-transactions';
import { getViewerErrorMessage } from '../../utils/error-text';
import { accountLabel } from '../../utils/names';
import { WizardFormActions } from './wizard-actions';

/** The company (or bank) choice of accounts that have none. */
const NONE = '\u0000none';

type AccountChoiceStepProps = {
  connection: TConnection;
  /** `isEmpty`: the account has no transactions yet, so its initial balance may be set next. */
  onChosen: (account: TAccount, isEmpty: boolean) => void;
  onCancel: () => void;
};

const chosenValue = z.string().min(1, { error: VALIDATION.required });
const ZAccountChoice = z.object({
  company: chosenValue,
  bank: chosenValue,
  accountId: chosenValue,
});

function companyOf(account: TAccount): string {
  return account.accountCompanyName ?? NONE;
}

function bankOf(account: TAccount): string {
  return account.entCode ?? NONE;
}

/** Step 2 for an existing connection: company, then bank, then account. */
export function AccountChoiceStep({ connection, onChosen, onCancel }: AccountChoiceStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const form = useForm({
    resolver: zodResolver(ZAccountChoice),
    defaultValues: { company: '', bank: '', accountId: '' },
  });
  const [company, bank, accountId] = useWatch({
    control: form.control,
    name: ['company', 'bank', 'accountId'],
  });
  // Another company, or another bank, asks for the choices under it again.
  useEffect(() => {
    form.resetField('bank', { defaultValue: '' });
  }, [form, company]);
  useEffect(() => {
    form.resetField('accountId', { defaultValue: '' });
  }, [form, company, bank]);

  const ofConnection = (accounts.data?.accounts ?? []).filter(
    (account) => account.conId === connection.conId,
  );
  const companies = [...new Set(ofConnection.map(companyOf))].sort();
  const ofCompany = ofConnection.filter((account) => companyOf(account) === company);
  const banks = [
    ...new Map(
      ofCompany.map((account) => [
        bankOf(account),
        account.entName ?? account.entCode ?? connection.conEntityName ?? '—',
      ]),
    ),
  ];
  const choices = ofCompany.filter((account) => bankOf(account) === bank);
  const chosen = choices.find((account) => account.accountId === accountId);

  if (accounts.isPending) return <Skeleton variant="rounded" height={160} />;
  if (accounts.isError) {
    return <Alert severity="error">{getViewerErrorMessage(t, accounts.error)}</Alert>;
  }

  const choose = t('financialViewer.import.choose');
  return (
    <Form
      form={form}
      onSubmit={async () => {
        if (!chosen) return;
        const page = await queryClient.query(
          transactionsQueryOptions({ accountIds: chosen.accountId, page: 0, pageSize: 1 }),
        );
        onChosen(chosen, page.total === 0);
      }}
      describeError={(error) => getViewerErrorMessage(t, error)}
    >
      <Typography variant="body2" color="text.secondary">
        {t('financialViewer.import.chooseAccountIntro', { name: connection.conName })}
      </Typography>
      {ofConnection.length === 0 ? (
        <Alert severity="info">{t('financialViewer.import.noAccounts')}</Alert>
      ) : null}
      <FormSelect
        name="company"
        label={t('financialViewer.filters.company')}
        options={companies.map((name) => ({
          value: name,
          label: name === NONE ? t('financialViewer.accounts.noCompany') : name,
        }))}
        placeholder={choose}
        required
      />
      <FormSelect
        name="bank"
        label={t('financialViewer.filters.bank')}
        options={banks.map(([code, name]) => ({ value: code, label: name }))}
        placeholder={choose}
        required
        disabled={company === ''}
      />
      <FormSelect
        name="accountId"
        label={t('financialViewer.filters.account')}
        options={choices.map((account) => ({
          value: account.accountId,
          label: accountLabel(account),
        }))}
        placeholder={choose}
        required
        disabled={bank === ''}
      />
      <WizardFormActions isSubmitDisabled={!chosen} onCancel={onCancel} />
    </Form>
  );
}
