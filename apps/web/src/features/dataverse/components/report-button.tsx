import DescriptionIcon from '@mui/icons-material/Description';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveLink } from '../../../lib/save-file';
import { useReport } from '../api/get-report';

/**
 * A version's report (the current one without `dsiId`): asked for, waited for while the
 * server prepares it, then downloaded. A failure shows the spec's alert too, with Retry.
 */
export function ReportButton({ datasetId, dsiId }: { datasetId: string; dsiId?: string }) {
  const { t } = useTranslation();
  const [isWanted, setWanted] = useState(false);
  const report = useReport({ datasetId, dsiId }, isWanted);
  const downloaded = useRef<string | null>(null);
  const url = report.data?.status === 'READY' ? report.data.url : null;
  useEffect(() => {
    if (!isWanted || url === null || downloaded.current === url) return;
    downloaded.current = url;
    saveLink(url, '');
  }, [isWanted, url]);
  const isPreparing = isWanted && (report.isFetching || report.data?.status === 'PREPARING');
  const ask = () => {
    downloaded.current = null;
    setWanted(true);
    void report.refetch();
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DescriptionIcon />}
        disabled={isPreparing && !report.isError}
        onClick={ask}
      >
        {t('dataverse.report.button')}
      </Button>
      {isWanted && (report.isError || report.data?.status === 'PREPARING') ? (
        <Alert
          severity="info"
          role="status"
          sx={{ flexBasis: '100%' }}
          action={
            report.isError ? (
              <Button color="inherit" size="small" disabled={report.isFetching} onClick={ask}>
                {t('common.retry')}
              </Button>
            ) : undefined
          }
        >
          {t('dataverse.report.preparing')}
        </Alert>
      ) : null}
    </>
  );
}
