import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, FormOutcomeArea } from '../../../../components/form/form';
import { SubmitButton } from '../../../../components/form/form-buttons';
import { FormCheckbox } from '../../../../components/form/form-checkbox';
import { getViewerErrorMessage } from '../../utils/error-text';

const ZChangeCategoryForm = z.object({ applyToSimilar: z.boolean() });

type Change = { description: string; category: string };

type ChangeCategoryDialogProps = {
  /** The transaction's description and the new category's name, or null when closed. */
  change: Change | null;
  /** Changes the category; a refusal keeps the question open with its reason. */
  onConfirm: (applyToSimilar: boolean) => Promise<unknown>;
  onClose: () => void;
};

/** "Change the category?" with "Apply to similar transactions too?" (ticked by default). */
export function ChangeCategoryDialog({ change, ...props }: ChangeCategoryDialogProps) {
  // Remounted for each change, so the box starts ticked every time.
  return change === null ? null : (
    <ChangeCategoryContent
      key={`${change.description}|${change.category}`}
      change={change}
      {...props}
    />
  );
}

function ChangeCategoryContent({
  change,
  onConfirm,
  onClose,
}: ChangeCategoryDialogProps & { change: Change }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm({
    resolver: zodResolver(ZChangeCategoryForm),
    defaultValues: { applyToSimilar: true },
  });
  const { isSubmitting } = form.formState;
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('financialViewer.analysis.change.title')}</DialogTitle>
      <Form
        form={form}
        layout="plain"
        label={t('financialViewer.analysis.change.title')}
        onSubmit={({ applyToSimilar }) => onConfirm(applyToSimilar)}
        describeError={(error) => getViewerErrorMessage(t, error)}
      >
        <DialogContent sx={{ display: 'grid', gap: 1 }}>
          <DialogContentText>
            {t('financialViewer.analysis.change.question', {
              description: change.description,
              category: change.category,
            })}
          </DialogContentText>
          <FormCheckbox
            name="applyToSimilar"
            label={t('financialViewer.analysis.change.applyToSimilar')}
          />
          <FormOutcomeArea />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('financialViewer.analysis.change.cancel')}
          </Button>
          <SubmitButton>{t('financialViewer.analysis.change.confirm')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
