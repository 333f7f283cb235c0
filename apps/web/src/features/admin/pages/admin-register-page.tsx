import { ZAdminRegisterUserRequest } from '@app/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { useRegisterUser } from '../api/register-user';
import { AdminLayout } from '../components/admin-layout';
import { describeAdminError } from '../utils/admin-error';
import type { AdminPageState } from './admin-page';

function AddUserForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registerUser = useRegisterUser();
  const form = useForm({
    resolver: zodResolver(ZAdminRegisterUserRequest),
    defaultValues: { firstName: '', lastName: '', email: '', enabled: true },
  });

  return (
    <Form
      form={form}
      onSubmit={async (request) => {
        const createdUser = await registerUser.mutateAsync(request);
        const state: AdminPageState = { createdUser };
        void navigate('/admin', { state });
      }}
      describeError={describeAdminError(t)}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <FormTextField
          name="firstName"
          label={t('admin.register.firstName')}
          autoComplete="off"
          autoFocus
          required
        />
        <FormTextField
          name="lastName"
          label={t('admin.register.lastName')}
          autoComplete="off"
          required
        />
      </Box>
      <FormTextField
        name="email"
        label={t('admin.register.email')}
        type="email"
        autoComplete="off"
        required
      />
      <FormCheckbox name="enabled" label={t('admin.register.active')} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <SubmitButton>{t('admin.register.submit')}</SubmitButton>
      </Box>
    </Form>
  );
}

/** /adminRegister: the administrator creates a customer, who gets a mail to choose a password. */
export function AdminRegisterPage() {
  const { t } = useTranslation();
  return (
    <AdminLayout>
      <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2, maxWidth: 560, mx: 'auto' }}>
        <Box>
          <Button component={RouterLink} to="/admin" startIcon={<ArrowBackIcon />} size="small">
            {t('admin.register.back')}
          </Button>
        </Box>
        <Box>
          <Typography variant="h5" component="h1">
            {t('admin.register.title')}
          </Typography>
          <Typography color="text.secondary">{t('admin.register.subtitle')}</Typography>
        </Box>
        <AddUserForm />
      </Paper>
    </AdminLayout>
  );
}
