import { SINTEZA_DATA_FORMATS } from '@app/contracts/nucleus';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunData, type DataFormat } from '../api/get-run-data';
import { saveLink } from '../../../lib/save-file';
import { downloadName } from '../utils/download-name';
import { NucleusActionError } from './nucleus-error';

/** The generated rows in CSV, JSON lines, Parquet or Excel, through a signed address. */
export function DownloadData({
  runId,
  fileName,
  table = null,
}: {
  runId: string;
  fileName: string;
  /** A relational run's table: its rows, saved under its name. */
  table?: string | null;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<DataFormat>('csv');
  const data = useRunData();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('nucleus.download.format')}
          value={format}
          onChange={(event) => {
            setFormat(event.target.value as DataFormat);
          }}
          sx={{ minWidth: 140 }}
        >
          {SINTEZA_DATA_FORMATS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`nucleus.download.formats.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={data.isPending}
          onClick={() => {
            data.mutate(
              { runId, format, table },
              {
                onSuccess: (answer) => {
                  saveLink(
                    answer.signedUrl,
                    downloadName(table ?? fileName, 'synthetic', answer.format),
                  );
                },
              },
            );
          }}
        >
          {t('nucleus.download.data')}
        </Button>
      </Box>
      {data.isError ? <NucleusActionError error={data.error} /> : null}
    </Box>
  );
}
