import { ZAcceptInvitationForm } from '@app/contracts/team';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useAcceptInvitation } from '../api/accept-invitation';
import { AuthLayout } from '../components/auth-layout';
import {
  NameFields,
  NewAccountFields,
  useHasAcceptedTerms,
} from '../components/new-account-fields';

const SERVER_FIELDS = ['firstName', 'lastName', 'password'] as const;

/** A used, withdrawn, expired or malformed link: the server refuses the token itself. */
function isInvalidLink(error: unknown): boolean {
  return isApiError(error) && (error.code === 'INVALID_TOKEN' || 'token' in error.fields);
}

/** /invitation_confirm/:token: the invited member chooses a name and password and joins the team. */
export function InvitationConfirmPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZAcceptInvitationForm),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const hasAcceptedTerms = useHasAcceptedTerms(form.control);

  const onSubmit = form.handleSubmit(({ firstName, lastName, password }) => {
    setFormError(null);
    accept.mutate(
      { token, request: { firstName, lastName, password } },
      {
        onSuccess: () => {
          void navigate('/', { replace: true });
        },
        onError: (error) => {
          if (isInvalidLink(error)) return;
          if (!setServerFieldErrors(error, form.setError, SERVER_FIELDS)) {
            setFormError(getErrorMessage(t, error));
          }
        },
      },
    );
  });

  const isTokenInvalid = isInvalidLink(accept.error);

  return (
    <AuthLayout title={t('auth.invitation.title')} subtitle={t('auth.invitation.subtitle')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {isTokenInvalid ? (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to="/sign-in" color="inherit" size="small">
                {t('auth.invitation.logIn')}
              </Button>
            }
          >
            {t('auth.invitation.invalidToken')}
          </Alert>
        ) : null}
        {formError !== null && !isTokenInvalid ? <Alert severity="error">{formError}</Alert> : null}
        <NameFields control={form.control} />
        <NewAccountFields control={form.control} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!hasAcceptedTerms}
          loading={accept.isPending}
        >
          {t('auth.invitation.submit')}
        </Button>
      </Box>
    </AuthLayout>
  );
}
