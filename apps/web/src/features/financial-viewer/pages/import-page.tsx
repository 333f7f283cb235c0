import {
  FINANCIAL_VIEWER_ERRORS,
  type TAccount,
  type TConnection,
} from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ZManualAccount } from '@app/contracts/financial-viewer';
import { ViewerLoadError } from '../components/viewer-load-error';
import { useAddAccount } from '../api/add-account';
import { useConnections } from '../api/get-connections';
import { AccountChoiceStep } from '../components/import/account-choice-step';
import { ConnectionStep } from '../components/import/connection-step';
import { InitialBalanceStep } from '../components/import/initial-balance-step';
import { ManualAccountForm } from '../components/import/manual-account-form';
import { ResultDialog, type WizardMessage } from '../components/import/result-dialog';
import { UploadStep } from '../components/import/upload-step';
import { PlanExceededDialog } from '../components/plan-exceeded-dialog';
import { SubscriptionOverlay } from '../components/subscription-overlay';
import { useViewerAccess } from '../hooks/use-viewer-access';
import '../i18n/register';
import { hasErrorCode, isSubscriptionRequired } from '../utils/error-text';
import { canAddConnection } from '../utils/plan-limit';

/** Where the wizard stands (spec §4 Import wizard). */
type WizardState =
  | { step: 'connection' }
  | { step: 'chooseAccount'; connection: TConnection }
  | { step: 'newAccount'; connection: TConnection; hadConnected: boolean }
  | { step: 'initialBalance'; connection: TConnection; account: TAccount; hasMovements: boolean }
  | {
      step: 'upload';
      connection: TConnection;
      accountId: string;
      initialBalance?: number;
      showsInactiveInfo: boolean;
    };

const STEP_INDEX: Record<WizardState['step'], number> = {
  connection: 0,
  chooseAccount: 1,
  newAccount: 1,
  initialBalance: 1,
  upload: 2,
};

function Steps({ active }: { active: number }) {
  const { t } = useTranslation();
  return (
    <Stepper activeStep={active} alternativeLabel>
      <Step>
        <StepLabel>{t('financialViewer.import.steps.connection')}</StepLabel>
      </Step>
      <Step>
        <StepLabel>{t('financialViewer.import.steps.account')}</StepLabel>
      </Step>
      <Step>
        <StepLabel>{t('financialViewer.import.steps.upload')}</StepLabel>
      </Step>
    </Stepper>
  );
}

/**
 * Import tab: a wizard to load bank statements by hand. Pick or create a connection, then pick
 * the account (or describe a new one), then upload the file after checking its preview.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const access = useViewerAccess();
  const connections = useConnections({ enabled: access.isSubscribed });
  const addAccount = useAddAccount();
  const [state, setState] = useState<WizardState>({ step: 'connection' });
  const [isPlanExceeded, setPlanExceeded] = useState(false);
  const [message, setMessage] = useState<WizardMessage | null>(null);
  const [afterMessage, setAfterMessage] = useState<WizardState | null>(null);
  // Each run of the wizard starts its steps afresh.
  const [run, setRun] = useState(0);

  function restart() {
    setState({ step: 'connection' });
    setRun((current) => current + 1);
  }

  if (access.isPending) return <Skeleton variant="rounded" height={320} />;

  const isLocked = !access.isSubscribed || isSubscriptionRequired(connections.error);
  if (isLocked) {
    return (
      <SubscriptionOverlay>
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Steps active={0} />
          <Skeleton variant="rounded" height={200} animation={false} />
        </Paper>
      </SubscriptionOverlay>
    );
  }
  if (connections.isError) {
    return <ViewerLoadError error={connections.error} onRetry={() => void connections.refetch()} />;
  }

  const list = connections.data ?? [];

  function addManualAccount(connection: TConnection, hadConnected: boolean) {
    return async (account: z.output<typeof ZManualAccount>) => {
      try {
        const created = await addAccount.mutateAsync({ conId: connection.conId, account });
        const accountId = created.account_ids[0];
        setMessage({
          kind: 'info',
          lines: [t('financialViewer.dialogs.successMessageAccount')],
        });
        if (accountId) {
          setAfterMessage({
            step: 'upload',
            connection,
            accountId,
            showsInactiveInfo: !hadConnected,
          });
        }
      } catch (error) {
        // The refusal is told in the wizard's message dialog, not on the form.
        setMessage({
          kind: 'error',
          lines: [
            hasErrorCode(error, FINANCIAL_VIEWER_ERRORS.accountExists)
              ? t('financialViewer.dialogs.alreadyExistsAccount')
              : t('financialViewer.dialogs.importError'),
          ],
        });
      }
    };
  }

  let content;
  switch (state.step) {
    case 'connection':
      content = connections.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <ConnectionStep
          key={run}
          connections={list}
          canAdd={canAddConnection(list.length, access.bankLimit)}
          onExisting={(connection) => {
            setState({ step: 'chooseAccount', connection });
          }}
          onCreated={(connection) => {
            setState({
              step: 'newAccount',
              connection,
              hadConnected: list.some((item) => item.conStatus === 'OK'),
            });
          }}
          onPlanExceeded={() => {
            setPlanExceeded(true);
          }}
          onCancel={restart}
        />
      );
      break;
    case 'chooseAccount':
      content = (
        <AccountChoiceStep
          connection={state.connection}
          onChosen={(account, isEmpty) => {
            // Spec §4: a chosen account leads to the initial balance step, even one whose
            // balance is already set by its movements (the step then shows it and keeps it).
            setState({
              step: 'initialBalance',
              connection: state.connection,
              account,
              hasMovements: !isEmpty,
            });
          }}
          onCancel={restart}
        />
      );
      break;
    case 'newAccount':
      content = (
        <ManualAccountForm
          onSubmit={addManualAccount(state.connection, state.hadConnected)}
          onCancel={restart}
        />
      );
      break;
    case 'initialBalance':
      content = (
        <InitialBalanceStep
          account={state.account}
          hasMovements={state.hasMovements}
          onDone={(cents) => {
            setState({
              step: 'upload',
              connection: state.connection,
              accountId: state.account.accountId,
              ...(cents === undefined ? {} : { initialBalance: cents }),
              showsInactiveInfo: false,
            });
          }}
          onCancel={restart}
        />
      );
      break;
    case 'upload':
      content = (
        <UploadStep
          accountId={state.accountId}
          initialBalance={state.initialBalance}
          showsInactiveInfo={state.showsInactiveInfo}
          onCancel={restart}
          onDone={restart}
        />
      );
      break;
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h2">
        {t('financialViewer.import.title')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3, minWidth: 0 }}
      >
        <Steps active={STEP_INDEX[state.step]} />
        {state.step !== 'connection' ? (
          <Typography variant="body2" color="text.secondary">
            {t('financialViewer.import.forConnection', { name: state.connection.conName })}
          </Typography>
        ) : null}
        {content}
      </Paper>
      <PlanExceededDialog
        isOpen={isPlanExceeded}
        onClose={() => {
          setPlanExceeded(false);
        }}
      />
      <ResultDialog
        message={message}
        onClose={() => {
          setMessage(null);
          if (afterMessage !== null) {
            setState(afterMessage);
            setAfterMessage(null);
          }
        }}
      />
    </Box>
  );
}
