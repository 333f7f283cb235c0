import { DIMENSION_CODES, ZCreateDomainRequest, type TDomain } from '@app/contracts/dataverse';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { getErrorMessage } from '../../../lib/error-message';
import { useCreateDomain } from '../api/create-domain';

const DOMAIN_CODE_MAX_LENGTH = 20;
export const DOMAIN_DESCRIPTION_MAX_LENGTH = 200;

const ZDomainForm = ZCreateDomainRequest.pick({
  domelCode: true,
  descriptionEn: true,
  descriptionEs: true,
});

const DEFAULT_VALUES = { domelCode: '', descriptionEn: '', descriptionEs: '' };

/** A new domain: its code (fixed once added) and its description in English and Spanish. */
export function DomainForm({ onCreated }: { onCreated: (domain: TDomain) => void }) {
  const { t } = useTranslation();
  const createDomain = useCreateDomain();
  const form = useForm({ resolver: zodResolver(ZDomainForm), defaultValues: DEFAULT_VALUES });

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const created = await createDomain.mutateAsync({
          ...values,
          dimensionCode: DIMENSION_CODES.DOMAINS,
        });
        form.reset(DEFAULT_VALUES);
        onCreated(created);
        return created;
      }}
      heading={{ title: t('admin.domains.form.title'), level: 'part' }}
      successText={(created) => t('admin.domains.form.created', { code: created.domelCode })}
      isNoticeDismissible
      describeError={(error) => getErrorMessage(t, error)}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 2fr 2fr' } }}>
        <FormTextField
          name="domelCode"
          label={t('admin.domains.form.code')}
          hint={t('admin.domains.form.codeHint')}
          maxLength={DOMAIN_CODE_MAX_LENGTH}
          autoComplete="off"
          required
        />
        <FormTextField
          name="descriptionEn"
          label={t('admin.domains.form.descriptionEn')}
          maxLength={DOMAIN_DESCRIPTION_MAX_LENGTH}
          autoComplete="off"
          required
        />
        <FormTextField
          name="descriptionEs"
          label={t('admin.domains.form.descriptionEs')}
          maxLength={DOMAIN_DESCRIPTION_MAX_LENGTH}
          autoComplete="off"
          required
        />
      </Box>
      <Box>
        <SubmitButton>{t('admin.domains.form.submit')}</SubmitButton>
      </Box>
    </Form>
  );
}
