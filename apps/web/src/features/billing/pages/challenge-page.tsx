import '../i18n/register';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { getErrorMessage } from '../../../lib/error-message';
import { useAnswerChallenge, type ChallengeOutcome } from '../api/answer-challenge';
import { usePaymentIntent } from '../api/get-payment-intent';
import { RequirePayer } from '../components/require-payer';
import { formatEuroCents } from '../../../lib/format';
import type { ChallengeReturnState } from '../../../components/payment/challenge-return';

/** Only a path of this app is a place to return to (no open redirect). */
function safeReturnPath(value: string | null): string {
  return value !== null && value.startsWith('/') && !value.startsWith('//')
    ? value
    : '/account/subscription';
}

function resultOf(status: string): ChallengeReturnState['challengeResult'] {
  if (status === 'succeeded') return 'success';
  if (status === 'processing') return 'processing';
  return 'failed';
}

function ChallengeScreen({ intentId }: { intentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get('returnTo'));
  const intentQuery = usePaymentIntent(intentId);
  const answer = useAnswerChallenge();

  const onAnswer = (outcome: ChallengeOutcome) => {
    answer.mutate(
      { id: intentId, outcome },
      {
        onSuccess: (intent) => {
          const state: ChallengeReturnState = { challengeResult: resultOf(intent.status) };
          void navigate(returnTo, { replace: true, state });
        },
      },
    );
  };

  if (intentQuery.isPending) return <PageLoader />;
  if (intentQuery.isError) {
    return (
      <LoadError
        error={intentQuery.error}
        onRetry={() => {
          void intentQuery.refetch();
        }}
      />
    );
  }
  const intent = intentQuery.data;
  const isOpen = intent.status === 'requires_action';
  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: 4, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t('billing.challenge.title')}
      </Typography>
      <Typography color="text.secondary">{t('billing.challenge.explanation')}</Typography>
      <Typography variant="h4" component="p" aria-label={t('billing.challenge.amount')}>
        {formatEuroCents(intent.amountCents)}
      </Typography>
      {isOpen ? null : <Alert severity="info">{t('billing.challenge.answered')}</Alert>}
      {answer.isError ? <Alert severity="error">{getErrorMessage(t, answer.error)}</Alert> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {isOpen ? (
          <>
            <Button
              variant="contained"
              color="success"
              loading={answer.isPending && answer.variables.outcome === 'succeed'}
              disabled={answer.isPending}
              onClick={() => {
                onAnswer('succeed');
              }}
            >
              {t('billing.challenge.complete')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              loading={answer.isPending && answer.variables.outcome === 'fail'}
              disabled={answer.isPending}
              onClick={() => {
                onAnswer('fail');
              }}
            >
              {t('billing.challenge.fail')}
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            onClick={() => {
              void navigate(returnTo, { replace: true });
            }}
          >
            {t('billing.actions.back')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/** The sandbox gateway's 3-D Secure page: the card holder authenticates the payment, or not. */
export function ChallengePage() {
  const { intentId = '' } = useParams();
  return (
    <RequirePayer>
      <ChallengeScreen intentId={intentId} />
    </RequirePayer>
  );
}
