import type { TCurrentUser } from '@app/contracts/users';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DOCS_URL, IS_DOCS_DISABLED } from '../../lib/config';

type FooterProps = {
  user: TCurrentUser;
  docsUrl?: string | null;
  isDocsDisabled?: boolean;
};

export function Footer({
  user,
  docsUrl = DOCS_URL,
  isDocsDisabled = IS_DOCS_DISABLED,
}: FooterProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 3,
        px: 3,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {t('shell.copyright', { year: new Date().getFullYear() })}
      </Typography>
      {user.blocked ? null : isDocsDisabled || docsUrl === null ? (
        <Typography variant="body2" color="text.disabled" aria-disabled="true">
          {t('shell.documentation')}
        </Typography>
      ) : (
        <Link href={docsUrl} target="_blank" rel="noopener noreferrer" variant="body2">
          {t('shell.documentation')}
        </Link>
      )}
      <Link component={RouterLink} to="/account/support" variant="body2">
        {t('shell.support')}
      </Link>
    </Box>
  );
}
