import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode, SyntheticEvent } from 'react';

type FormSectionProps = {
  title: string;
  subtitle: string;
  maxWidth: number;
  onSubmit: (event: SyntheticEvent) => Promise<void>;
  /** Announced to screen readers when it appears. */
  successMessage: string | null;
  errorMessage: string | null;
  children: ReactNode;
};

/** An account section made of one form: heading, success and error alerts, then the fields. */
export function FormSection({
  title,
  subtitle,
  maxWidth,
  onSubmit,
  successMessage,
  errorMessage,
  children,
}: FormSectionProps) {
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth }}>
      <Box>
        <Typography variant="h6" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Box role="status" aria-live="polite">
          {successMessage === null ? null : <Alert severity="success">{successMessage}</Alert>}
        </Box>
        {errorMessage === null ? null : <Alert severity="error">{errorMessage}</Alert>}
        {children}
      </Box>
    </Box>
  );
}
