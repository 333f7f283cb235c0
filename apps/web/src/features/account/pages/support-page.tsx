import { ZContactRequest } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSendContactMessage } from '../api/send-contact-message';

export function SupportPage() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const form = useForm({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { subject: '', body: '' },
  });
  const [subject, body] = useWatch({ control: form.control, name: ['subject', 'body'] });
  const isFilled = subject.trim() !== '' && body.trim() !== '';

  return (
    <Form
      form={form}
      heading={{
        title: t('account.support.title'),
        subtitle: t('account.support.subtitle'),
        level: 'page',
      }}
      maxWidth={640}
      onSubmit={async (message) => {
        await send.mutateAsync(message);
        form.reset();
      }}
      successText={() => t('account.support.sent')}
    >
      <FormTextField name="subject" label={t('account.support.subject')} required />
      <FormTextField
        name="body"
        label={t('account.support.message')}
        multiline
        minRows={6}
        required
      />
      <Box>
        <SubmitButton endIcon={<SendIcon />} disabled={!isFilled}>
          {t('account.support.send')}
        </SubmitButton>
      </Box>
    </Form>
  );
}
