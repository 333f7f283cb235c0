import type { TEdgePackage } from '@app/contracts/nucleus-edge';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { saveLink } from '../../../lib/save-file';
import { useEdgePackage } from '../api/get-edge-package';
import { CodeBlock } from '../../../components/code-block';
import { CopyButton } from '../../../components/copy-button';
import { NucleusActionError } from './nucleus-error';
import { runCommands, verifyCommands } from '../utils/edge-commands';

function formatMegabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
}

/** One system's package: version, size, SHA-256 to copy, Download, and how to check and run it. */
export function EdgePackageCard({ edgePackage }: { edgePackage: TEdgePackage }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const download = useEdgePackage();
  const system = t(`nucleus.edge.systems.${edgePackage.opsys}`);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0, alignContent: 'start' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h3">
          {system}
        </Typography>
        <Chip size="small" label={t('nucleus.edge.version', { version: edgePackage.version })} />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Typography component="dt" variant="caption" color="text.secondary">
          {t('nucleus.edge.file')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {edgePackage.fileName}
        </Typography>
        <Typography component="dt" variant="caption" color="text.secondary">
          {t('nucleus.edge.size')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {t('nucleus.edge.megabytes', {
            size: formatMegabytes(edgePackage.sizeBytes, i18n.language),
          })}
        </Typography>
        <Typography component="dt" variant="caption" color="text.secondary">
          {t('nucleus.edge.sha256')}
        </Typography>
        <Typography
          component="dd"
          sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
        >
          {edgePackage.sha256}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          loading={download.isPending}
          aria-label={t('nucleus.edge.downloadFor', { system })}
          onClick={() => {
            download.mutate(
              { opsys: edgePackage.opsys, version: edgePackage.version },
              {
                onSuccess: (answer) => {
                  saveLink(answer.signedUrl, answer.fileName);
                },
              },
            );
          }}
        >
          {t('nucleus.edge.download')}
        </Button>
        <CopyButton text={edgePackage.sha256} label={t('nucleus.edge.copySha256', { system })} />
      </Box>
      {download.isError ? <NucleusActionError error={download.error} /> : null}
      <Typography variant="subtitle2" component="h4">
        {t('nucleus.edge.verify')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('nucleus.edge.verifyHelp')}
      </Typography>
      <CodeBlock
        code={verifyCommands(edgePackage)}
        label={t('nucleus.edge.verifyCommands', { system })}
      />
      <Typography variant="subtitle2" component="h4">
        {t('nucleus.edge.run')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(
          edgePackage.opsys === 'windows' ? 'nucleus.edge.runHelpWindows' : 'nucleus.edge.runHelp',
        )}
      </Typography>
      <CodeBlock
        code={runCommands(edgePackage)}
        label={t('nucleus.edge.runCommands', { system })}
      />
    </Paper>
  );
}
