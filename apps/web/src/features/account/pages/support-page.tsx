import { ZContactRequest } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/form-section';
import { FormTextField } from '../../../components/form-text-field';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useSendContactMessage } from '../api/send-contact-message';

export function SupportPage() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { subject: '', body: '' },
  });
  const [subject, body] = useWatch({ control: form.control, name: ['subject', 'body'] });
  const isFilled = subject.trim() !== '' && body.trim() !== '';

  const onSubmit = form.handleSubmit((message) => {
    setFormError(null);
    send.mutate(message, {
      onSuccess: () => {
        form.reset();
      },
      onError: (error) => {
        if (!setServerFieldErrors(error, form.setError, ['subject', 'body'])) {
          setFormError(getErrorMessage(t, error));
        }
      },
    });
  });

  return (
    <FormSection
      title={t('account.support.title')}
      subtitle={t('account.support.subtitle')}
      maxWidth={640}
      onSubmit={onSubmit}
      successMessage={send.isSuccess ? t('account.support.sent') : null}
      errorMessage={formError}
    >
      <FormTextField
        control={form.control}
        name="subject"
        label={t('account.support.subject')}
        required
      />
      <FormTextField
        control={form.control}
        name="body"
        label={t('account.support.message')}
        multiline
        minRows={6}
        required
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={!isFilled}
          loading={send.isPending}
        >
          {t('account.support.send')}
        </Button>
      </Box>
    </FormSection>
  );
}
