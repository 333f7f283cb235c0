import type { TDomain } from '@app/contracts/dataverse';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';

/** On a phone the cells keep less padding, so the four columns fit without scrolling. */
const TABLE_SX = {
  '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } },
  '& .MuiTableCell-root:first-of-type': { pl: { xs: 0, sm: 2 } },
  '& .MuiTableCell-root:last-of-type': { px: 0.5 },
} as const;

type DomainsTableProps = { domains: TDomain[]; onEdit: (domain: TDomain) => void };

/** The domains with their code and both descriptions, each with its Edit button. */
export function DomainsTable({ domains, onEdit }: DomainsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('admin.domains.tableLabel')} sx={TABLE_SX}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.domains.columns.code')}</TableCell>
            <TableCell>{t('admin.domains.columns.descriptionEn')}</TableCell>
            <TableCell>{t('admin.domains.columns.descriptionEs')}</TableCell>
            <TableCell>
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('admin.domains.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {domains.map((domain) => (
            <TableRow key={domain.domelId}>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {domain.domelCode}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{domain.descriptionEn}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{domain.descriptionEs}</TableCell>
              <TableCell>
                <IconButton
                  size="small"
                  aria-label={t('admin.domains.editDomain', { code: domain.domelCode })}
                  onClick={() => {
                    onEdit(domain);
                  }}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
