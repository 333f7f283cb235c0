import { ZAcceptInvitationForm } from '@app/contracts/team';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { useAcceptInvitation } from '../api/accept-invitation';
import { AuthLayout } from '../components/auth-layout';
import { describeLinkFormError } from '../components/link-error';
import {
  NameFields,
  NewAccountFields,
  useHasAcceptedTerms,
} from '../components/new-account-fields';

/** /invitation_confirm/:token: the invited member chooses a name and password and joins the team. */
export function InvitationConfirmPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm({
    resolver: zodResolver(ZAcceptInvitationForm),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const hasAcceptedTerms = useHasAcceptedTerms(form.control);

  return (
    <AuthLayout title={t('auth.invitation.title')} subtitle={t('auth.invitation.subtitle')}>
      <Form
        form={form}
        onSubmit={async ({ firstName, lastName, password }) => {
          await accept.mutateAsync({ token, request: { firstName, lastName, password } });
          void navigate('/', { replace: true });
        }}
        serverFields={['firstName', 'lastName', 'password']}
        describeError={describeLinkFormError(t, {
          text: t('auth.invitation.invalidToken'),
          actionLabel: t('auth.invitation.logIn'),
          to: '/sign-in',
        })}
      >
        <NameFields />
        <NewAccountFields />
        <SubmitButton size="large" disabled={!hasAcceptedTerms}>
          {t('auth.invitation.submit')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
