import '../i18n/register';
import { hasRole } from '@app/contracts/roles';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/auth';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { useAccessToken } from '../api/get-access-token';
import { useCurrentPlan } from '../api/get-current-plan';
import { useRefreshAccessToken } from '../api/refresh-access-token';
import { liveSubscription } from '../utils/subscription-rules';

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <FormControl fullWidth size="small">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched
        value={value}
        readOnly
        sx={{ fontFamily: 'monospace' }}
      />
    </FormControl>
  );
}

type TokenScreenProps = {
  neuron: string;
  plansPath: string;
  /** Rotating the token is for those who manage billing (not invited members). */
  canRefresh: boolean;
};

function TokenScreen({ neuron, plansPath, canRefresh }: TokenScreenProps) {
  const { t } = useTranslation();
  const tokenQuery = useAccessToken(neuron);
  const currentQuery = useCurrentPlan(neuron, { enabled: canRefresh });
  const refresh = useRefreshAccessToken();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const token = tokenQuery.data?.token ?? '';
  const hasNoSubscription = isApiError(tokenQuery.error) && tokenQuery.error.status === 402;
  const subscription = liveSubscription(currentQuery.data?.currentSubscription ?? null);
  const isLoading = tokenQuery.isPending || refresh.isPending;

  const onCopy = () => {
    setNotice(null);
    navigator.clipboard.writeText(token).then(
      () => {
        setNotice({ severity: 'success', text: t('billing.token.copied') });
      },
      () => {
        setNotice({ severity: 'error', text: t('billing.token.copyFailed') });
      },
    );
  };

  const onRefresh = () => {
    if (subscription === null) return;
    setNotice(null);
    refresh.mutate(
      { neuron, subscriptionId: subscription.id },
      {
        onSettled: () => {
          setIsConfirming(false);
        },
        onSuccess: () => {
          setNotice({ severity: 'success', text: t('billing.token.refreshed') });
        },
        onError: () => {
          setNotice({ severity: 'error', text: t('billing.token.refreshFailed') });
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, maxWidth: 760 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('billing.token.title')}
        </Typography>
        <Typography color="text.secondary">{t('billing.token.subtitle')}</Typography>
      </Box>
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
      {hasNoSubscription ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={plansPath} color="inherit" size="small">
              {t('billing.token.plans')}
            </Button>
          }
        >
          {t('billing.token.noSubscription')}
        </Alert>
      ) : null}
      {tokenQuery.isError && !hasNoSubscription ? (
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to={plansPath} color="inherit" size="small">
              {t('billing.token.plans')}
            </Button>
          }
        >
          {t('billing.token.fetchFailed')}
        </Alert>
      ) : null}
      <ReadOnlyField id="access-token" label={t('billing.token.token')} value={token} />
      <ReadOnlyField
        id="microservice-url"
        label={t('billing.token.url')}
        value={tokenQuery.data?.microserviceUrl ?? ''}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          disabled={isLoading || token === ''}
          onClick={onCopy}
        >
          {t('billing.token.copy')}
        </Button>
        {canRefresh ? (
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            disabled={isLoading || subscription === null}
            onClick={() => {
              setIsConfirming(true);
            }}
          >
            {t('billing.token.refresh')}
          </Button>
        ) : null}
      </Box>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('billing.token.confirmTitle')}
        message={t('billing.token.confirmMessage')}
        confirmLabel={t('billing.token.refresh')}
        cancelLabel={t('common.cancel')}
        isPending={refresh.isPending}
        onConfirm={onRefresh}
        onClose={() => {
          setIsConfirming(false);
        }}
      />
    </Paper>
  );
}

/**
 * A neuron's API access token and address, with Copy and Refresh. Every member uses the
 * team's neurons, so an invited member (GUEST) sees the token too, without Refresh. The neuron
 * is the address's, or `neuron` for a module's own route (/nucleus/api, with its `plansPath`).
 */
export function TokenPage({
  neuron: fixedNeuron,
  plansPath,
}: {
  neuron?: string;
  plansPath?: string;
}) {
  const params = useParams();
  const neuron = fixedNeuron ?? params.neuron ?? '';
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  if (user === undefined) {
    if (userQuery.isError) throw userQuery.error;
    return <PageLoader />;
  }
  return (
    <TokenScreen
      neuron={neuron}
      plansPath={plansPath ?? `/neurons/${encodeURIComponent(neuron)}/plans`}
      canRefresh={!hasRole(user.roles, 'GUEST')}
    />
  );
}
