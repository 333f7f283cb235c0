import type { TDatasetEntry } from '@app/contracts/dataverse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';

/** The 'Preview' tab: the bounded sample the server gives (the rest of the rows is sold). */
export function PreviewTable({
  sample,
  hiddenColumns = [],
}: {
  sample: TDatasetEntry['sample'];
  /** Sensitive columns of another team's dataset: the server sends no values for them. */
  hiddenColumns?: readonly string[];
}) {
  const { t } = useTranslation();
  if (sample.body.length === 0) {
    return <Typography color="text.secondary">{t('dataverse.preview.empty')}</Typography>;
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('dataverse.preview.note', {
          value: formatCount(sample.body.length),
          count: sample.body.length,
        })}
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto', maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label={t('dataverse.preview.label')}>
          <TableHead>
            <TableRow>
              {sample.headers.map((header) => (
                <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sample.body.map((row, rowIndex) => (
              // The sample's rows have no key of their own; their order is fixed.
              <TableRow key={rowIndex}>
                {sample.headers.map((header, index) => (
                  <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                    {hiddenColumns.includes(header) ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t('dataverse.preview.hidden')}
                      </Typography>
                    ) : (
                      (row[index] ?? '')
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
