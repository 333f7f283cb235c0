import type { TAccount, TConnection } from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/get-accounts';
import { transactionsQueryOptions } from '../../api/get-transactions';
import { getViewerErrorMessage } from '../../utils/error-text';
import { accountLabel } from '../../utils/names';
import { CancelSubmitButtons } from '../cancel-submit-buttons';
import { OptionSelect } from '../option-select';
import { WizardActions } from './wizard-actions';

/** The company (or bank) choice of accounts that have none. */
const NONE = '\u0000none';

type AccountChoiceStepProps = {
  connection: TConnection;
  /** `isEmpty`: the account has no transactions yet, so its initial balance is asked next. */
  onChosen: (account: TAccount, isEmpty: boolean) => void;
  onCancel: () => void;
};

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
  const [company, setCompany] = useState('');
  const [bank, setBank] = useState('');
  const [accountId, setAccountId] = useState('');
  const [isChecking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  async function next(event: SyntheticEvent) {
    event.preventDefault();
    if (!chosen) return;
    setChecking(true);
    setError(null);
    try {
      const page = await queryClient.query(
        transactionsQueryOptions({ accountIds: chosen.accountId, page: 0, pageSize: 1 }),
      );
      onChosen(chosen, page.total === 0);
    } catch (failure) {
      setError(getViewerErrorMessage(t, failure));
    } finally {
      setChecking(false);
    }
  }

  if (accounts.isPending) return <Skeleton variant="rounded" height={160} />;
  if (accounts.isError) {
    return <Alert severity="error">{getViewerErrorMessage(t, accounts.error)}</Alert>;
  }

  const choose = t('financialViewer.import.choose');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        void next(event);
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('financialViewer.import.chooseAccountIntro', { name: connection.conName })}
      </Typography>
      {ofConnection.length === 0 ? (
        <Alert severity="info">{t('financialViewer.import.noAccounts')}</Alert>
      ) : null}
      <OptionSelect
        label={t('financialViewer.filters.company')}
        value={company}
        options={companies.map((name) => ({
          value: name,
          label: name === NONE ? t('financialViewer.accounts.noCompany') : name,
        }))}
        emptyLabel={choose}
        isEmptyDisabled
        onChange={(next) => {
          setCompany(next);
          setBank('');
          setAccountId('');
        }}
      />
      <OptionSelect
        label={t('financialViewer.filters.bank')}
        value={bank}
        options={banks.map(([code, name]) => ({ value: code, label: name }))}
        emptyLabel={choose}
        isEmptyDisabled
        disabled={company === ''}
        onChange={(next) => {
          setBank(next);
          setAccountId('');
        }}
      />
      <OptionSelect
        label={t('financialViewer.filters.account')}
        value={accountId}
        options={choices.map((account) => ({
          value: account.accountId,
          label: accountLabel(account),
        }))}
        emptyLabel={choose}
        isEmptyDisabled
        disabled={bank === ''}
        onChange={setAccountId}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <WizardActions>
        <CancelSubmitButtons
          submitLabel={t('financialViewer.actions.next')}
          isSubmitDisabled={!chosen}
          isPending={isChecking}
          onCancel={onCancel}
        />
      </WizardActions>
    </Box>
  );
}
