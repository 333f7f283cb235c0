import { ZAdminRegisterUserRequest } from '@app/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useRegisterUser } from '../api/register-user';
import { AdminLayout } from '../components/admin-layout';
import { getAdminErrorMessage } from '../utils/server-message';
import type { AdminPageState } from './admin-page';

const SERVER_FIELDS = ['firstName', 'lastName', 'email'] as const;

function AddUserForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registerUser = useRegisterUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZAdminRegisterUserRequest),
    defaultValues: { firstName: '', lastName: '', email: '', enabled: true },
  });

  const onSubmit = form.handleSubmit((request) => {
    setFormError(null);
    registerUser.mutate(request, {
      onSuccess: (createdUser) => {
        const state: AdminPageState = { createdUser };
        void navigate('/admin', { state });
      },
      onError: (error) => {
        setServerFieldErrors(error, form.setError, SERVER_FIELDS);
        setFormError(getAdminErrorMessage(t, error));
      },
    });
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {formError === null ? null : <Alert severity="error">{formError}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <FormTextField
          control={form.control}
          name="firstName"
          label={t('admin.register.firstName')}
          autoComplete="off"
          autoFocus
          required
        />
        <FormTextField
          control={form.control}
          name="lastName"
          label={t('admin.register.lastName')}
          autoComplete="off"
          required
        />
      </Box>
      <FormTextField
        control={form.control}
        name="email"
        label={t('admin.register.email')}
        type="email"
        autoComplete="off"
        required
      />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                name={field.name}
                slotProps={{ input: { ref: field.ref } }}
                checked={field.value === true}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                }}
                onBlur={field.onBlur}
              />
            }
            label={t('admin.register.active')}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" loading={registerUser.isPending}>
          {t('admin.register.submit')}
        </Button>
      </Box>
    </Box>
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
