import type { TDomain } from '@app/contracts/dataverse';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { useDomains } from '../api/get-domains';
import { AdminLayout } from '../components/admin-layout';
import { DomainForm } from '../components/domain-form';
import { DomainsTable } from '../components/domains-table';
import { EditDomainDialog } from '../components/edit-domain-dialog';

const DOMAINS_PAGE_SIZE = 10;

function byCode(first: TDomain, second: TDomain): number {
  return first.domelCode.localeCompare(second.domelCode, 'en', { numeric: true });
}

function DomainsSection() {
  const { t } = useTranslation();
  const domainsQuery = useDomains();
  const [page, setPage] = useState(0);
  // The domain just added: its page is shown until the administrator pages on.
  const [addedId, setAddedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<TDomain | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  let list;
  if (domainsQuery.isPending) {
    list = (
      <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </Box>
    );
  } else if (domainsQuery.isError) {
    list = (
      <LoadError
        error={domainsQuery.error}
        onRetry={() => {
          void domainsQuery.refetch();
        }}
      />
    );
  } else if (domainsQuery.data.length === 0) {
    list = (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {t('admin.domains.empty')}
      </Typography>
    );
  } else {
    const domains = domainsQuery.data.toSorted(byCode);
    const lastPage = Math.ceil(domains.length / DOMAINS_PAGE_SIZE) - 1;
    const addedIndex = domains.findIndex((domain) => domain.domelId === addedId);
    const shownPage =
      addedIndex >= 0 ? Math.floor(addedIndex / DOMAINS_PAGE_SIZE) : Math.min(page, lastPage);
    list = (
      <Box>
        <DomainsTable
          domains={domains.slice(
            shownPage * DOMAINS_PAGE_SIZE,
            (shownPage + 1) * DOMAINS_PAGE_SIZE,
          )}
          onEdit={(domain) => {
            setNotice(null);
            setEditing(domain);
          }}
        />
        <TablePagination
          component="div"
          count={domains.length}
          page={shownPage}
          rowsPerPage={DOMAINS_PAGE_SIZE}
          rowsPerPageOptions={[DOMAINS_PAGE_SIZE]}
          onPageChange={(_, next) => {
            setAddedId(null);
            setPage(next);
          }}
        />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <DomainForm
        onCreated={(domain) => {
          setNotice(null);
          setAddedId(domain.domelId);
        }}
      />
      <Divider />
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
      {list}
      <EditDomainDialog
        domain={editing}
        onClose={() => {
          setEditing(null);
        }}
        onUpdated={(domain) => {
          setEditing(null);
          setNotice({
            severity: 'success',
            text: t('admin.domains.edit.updated', { code: domain.domelCode }),
          });
        }}
      />
    </Box>
  );
}

/**
 * /admin/domains: the Dataverse domains (reference data dimension 10) with their English and
 * Spanish descriptions; the platform administrator adds one or changes its descriptions.
 */
export function DomainsPage() {
  const { t } = useTranslation();
  return (
    <AdminLayout>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {t('admin.domains.title')}
          </Typography>
          <Typography color="text.secondary">{t('admin.domains.subtitle')}</Typography>
        </Box>
        <DomainsSection />
      </Paper>
    </AdminLayout>
  );
}
