import type { TEdgeTokenResponse } from '@app/contracts/nucleus-edge';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRefreshEdgeToken } from '../api/refresh-edge-token';
import { getNucleusErrorMessage } from '../utils/error-text';
import { reportUsageCommand } from '../utils/edge-commands';
import { CodeBlock } from '../../../components/code-block';
import { CopyButton } from '../../../components/copy-button';

function ShownToken({ answer }: { answer: TEdgeTokenResponse }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Alert severity="warning">{t('nucleus.edge.token.shownOnce')}</Alert>
      <TextField
        label={t('nucleus.edge.token.token')}
        value={answer.token}
        size="small"
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
      />
      <CopyButton text={answer.token} label={t('nucleus.edge.token.copyToken')} />
      <TextField
        label={t('nucleus.edge.token.usageUrl')}
        value={answer.usageUrl}
        size="small"
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
      />
      <CodeBlock
        code={reportUsageCommand({ opsys: 'linux', ...answer })}
        label={t('nucleus.edge.token.example')}
      />
    </Box>
  );
}

/**
 * The edge token the command line reports its usage with. Owners and admins make a new one
 * (after a confirmation: it stops the old one); it is shown once. Guests read why they cannot.
 */
export function EdgeToken({ canRefresh }: { canRefresh: boolean }) {
  const { t } = useTranslation();
  const refresh = useRefreshEdgeToken();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('nucleus.edge.token.title')}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography variant="h6" component="h3">
        {t('nucleus.edge.token.title')}
      </Typography>
      <Typography color="text.secondary">{t('nucleus.edge.token.help')}</Typography>
      {canRefresh ? (
        <>
          {refresh.data ? <ShownToken answer={refresh.data} /> : null}
          <Box>
            <Button
              variant="outlined"
              startIcon={<KeyIcon />}
              onClick={() => {
                refresh.reset();
                setIsConfirming(true);
              }}
            >
              {t('nucleus.edge.token.refresh')}
            </Button>
          </Box>
        </>
      ) : (
        <Alert severity="info">{t('nucleus.edge.token.guest')}</Alert>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('nucleus.edge.token.confirmTitle')}
        message={t('nucleus.edge.token.confirmMessage')}
        confirmLabel={t('nucleus.edge.token.confirm')}
        cancelLabel={t('nucleus.edge.token.cancel')}
        isPending={refresh.isPending}
        error={refresh.isError ? getNucleusErrorMessage(t, refresh.error) : undefined}
        onConfirm={() => {
          refresh.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
            },
          });
        }}
        onClose={() => {
          setIsConfirming(false);
        }}
      />
    </Paper>
  );
}
