import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState, type SyntheticEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getAdminErrorMessage } from '../utils/server-message';
import { NoticeArea, type Notice } from '../../../components/notice-area';

/** The outcome of an administrator's form: a success text, or the server's message. */
export function useFormNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  return {
    notice,
    clear: () => {
      setNotice(null);
    },
    succeed: (text: string) => {
      setNotice({ severity: 'success', text });
    },
    fail: (error: unknown) => {
      setNotice({ severity: 'error', text: getAdminErrorMessage(t, error) });
    },
  };
}

type AdminFormProps = {
  title: string;
  subtitle?: string;
  /** A section of a dialog (h3) or of a page (h2). */
  level: 'section' | 'page';
  notice: ReturnType<typeof useFormNotice>;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: (event: SyntheticEvent) => Promise<void>;
  children: ReactNode;
};

/**
 * An administrator's form, named by its title: the outcome above the fields, and one submit
 * button that shows progress and cannot be pressed twice.
 */
export function AdminForm({
  title,
  subtitle,
  level,
  notice,
  submitLabel,
  isSubmitting,
  onSubmit,
  children,
}: AdminFormProps) {
  const titleId = useId();
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      sx={{ display: 'grid', gap: 2, alignContent: 'start' }}
    >
      <Box>
        {level === 'section' ? (
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        ) : (
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
        )}
        {subtitle === undefined ? null : (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      <NoticeArea notice={notice.notice} onClose={notice.clear} />
      {children}
      <Box>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
