import { DOWNLOAD_FORMATS, type TPurchase } from '@app/contracts/dataverse';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { saveLink } from '../../../lib/save-file';
import { useDownload } from '../api/get-download';
import { getDataverseErrorMessage } from '../utils/error-text';
import { ReportButton } from './report-button';

/**
 * What a paid purchase delivers: its rows as CSV or Parquet through a signed address (asked
 * for at each press, since it expires), and the version's report.
 */
export function PurchaseDownloads({ purchase }: { purchase: TPurchase }) {
  const { t } = useTranslation();
  const download = useDownload();
  const { delivery } = purchase;
  if (purchase.status !== 'PAID') {
    return <Typography color="text.secondary">{t('dataverse.purchase.notPaid')}</Typography>;
  }
  if (delivery.status === 'FAILED') {
    return <Alert severity="error">{t('dataverse.purchase.deliveryFailed')}</Alert>;
  }
  if (delivery.status === 'PREPARING') {
    return (
      <Box role="status" sx={{ display: 'grid', gap: 1 }}>
        <Typography>{t('dataverse.purchase.preparing')}</Typography>
        <LinearProgress aria-label={t('dataverse.purchase.preparing')} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography>
        {t('dataverse.purchase.ready', {
          rows: t('dataverse.counts.rows', {
            count: delivery.rows ?? purchase.quantity,
            value: formatCount(delivery.rows ?? purchase.quantity),
          }),
          columns: t('dataverse.counts.columns', {
            count: delivery.columns.length,
            value: formatCount(delivery.columns.length),
          }),
        })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {DOWNLOAD_FORMATS.map((format) => (
          <Button
            key={format}
            variant={format === 'csv' ? 'contained' : 'outlined'}
            startIcon={<DownloadIcon />}
            loading={download.isPending && download.variables.format === format}
            disabled={download.isPending}
            onClick={() => {
              download.mutate(
                { purchaseId: purchase.id, format },
                {
                  onSuccess: (link) => {
                    saveLink(link.url, link.fileName);
                  },
                },
              );
            }}
          >
            {t(`dataverse.purchase.download.${format}`)}
          </Button>
        ))}
        {purchase.datasetId === null ? null : (
          <ReportButton datasetId={purchase.datasetId} dsiId={purchase.dsiId} />
        )}
      </Box>
      {download.isError ? (
        <Alert severity="error">{getDataverseErrorMessage(t, download.error)}</Alert>
      ) : null}
    </Box>
  );
}
