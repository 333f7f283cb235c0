import { LEGAL_MIND_MAX_CHARACTERS } from '@app/contracts/legal-mind';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { MessageDialog } from '../../../components/message-dialog';
import { useAnonymizeText, type AnonymizeMode } from '../api/anonymize-text';
import { useAccessToken } from '../api/get-access-token';
import { getAnonymizeErrorMessage, getTooLargeMessage } from '../utils/get-anonymize-error-message';
import { readWordFile, WordFileError, type WordContent } from '../utils/read-word-file';
import { AnonymizedResult } from './anonymized-result';
import { ModeSwitch } from './mode-switch';
import { WordFileUpload } from './word-file-upload';

type AnonymizeForm = { token: string; text: string; mode: AnonymizeMode };

type LoadedFile = WordContent & { name: string };

type Outcome = { kind: 'success' } | { kind: 'error'; message: string };

const TEXT_FIELD_ID = 'anonymizer-text';

/** The form of a Word file's content that suits a mode. */
function contentFor(file: LoadedFile, mode: AnonymizeMode): string {
  return mode === 'html' ? file.html : file.text;
}

/**
 * The anonymizer form and its result: a legal text, pasted or taken from a Word file,
 * anonymised by the LegalMind API with an access token. A signed-in user finds the team's token
 * already filled in. Used by the standalone page (`/anonymizeDocs`) and LegalMind's anonymize tab.
 */
export function AnonymizerForm() {
  const { t } = useTranslation();
  const form = useForm<AnonymizeForm>({ defaultValues: { token: '', text: '', mode: 'text' } });
  const [token, text, mode] = useWatch({ control: form.control, name: ['token', 'text', 'mode'] });
  const accessToken = useAccessToken();
  const anonymize = useAnonymizeText();
  const wordFile = useMutation({
    mutationFn: (file: File) => readWordFile(file, { token: form.getValues('token') }),
  });
  const [loadedFile, setLoadedFile] = useState<LoadedFile | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Kept apart from the outcome, so a closing dialog keeps its text while it fades out.
  const [isOutcomeOpen, setIsOutcomeOpen] = useState(false);

  // The signed-in user's token fills the field, unless the user has typed one already.
  const prefilledToken = accessToken.data?.token;
  useEffect(() => {
    if (prefilledToken !== undefined && form.getValues('token') === '') {
      form.setValue('token', prefilledToken);
    }
  }, [prefilledToken, form]);

  const isReading = wordFile.isPending;
  const canAnonymize =
    token.trim() !== '' && text.trim() !== '' && !isReading && !anonymize.isPending;

  const onSelectFile = (file: File) => {
    wordFile.mutate(file, {
      onSuccess: (content) => {
        const loaded = { ...content, name: file.name };
        setLoadedFile(loaded);
        form.setValue('text', contentFor(loaded, form.getValues('mode')));
      },
    });
  };

  const onModeChange = (next: AnonymizeMode) => {
    // A Word file's content, still as it was loaded, follows the switch: its plain text in
    // TEXT mode, its HTML in HTML mode. Text the user typed or edited is left alone.
    if (loadedFile !== null && form.getValues('text') === contentFor(loadedFile, mode)) {
      form.setValue('text', contentFor(loadedFile, next));
    }
    form.setValue('mode', next);
  };

  const onSubmit = async (values: AnonymizeForm) => {
    if (!canAnonymize) return;
    if (values.text.length > LEGAL_MIND_MAX_CHARACTERS) {
      setOutcome({ kind: 'error', message: getTooLargeMessage(t) });
      setIsOutcomeOpen(true);
      return;
    }
    // The outcome opens in a dialog beside the result, never above the fields.
    try {
      await anonymize.mutateAsync({
        mode: values.mode,
        token: values.token.trim(),
        text: values.text,
      });
      setOutcome({ kind: 'success' });
    } catch (error) {
      setOutcome({ kind: 'error', message: getAnonymizeErrorMessage(t, error) });
    }
    setIsOutcomeOpen(true);
  };

  const fileProblem = wordFile.error instanceof WordFileError ? wordFile.error.problem : null;

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Form form={form} label={t('anonymizer.title')} layout="plain" onSubmit={onSubmit}>
          <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2.5 }}>
            <FormTextField
              name="token"
              label={t('anonymizer.token.label')}
              hint={t('anonymizer.token.hint')}
              autoComplete="off"
              required
            />
            <WordFileUpload
              readingName={wordFile.isPending ? wordFile.variables.name : null}
              loadedName={loadedFile?.name ?? null}
              problem={fileProblem}
              disabled={anonymize.isPending}
              onSelect={onSelectFile}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Typography variant="body2" aria-hidden>
                {t('anonymizer.mode.label')}
              </Typography>
              <ModeSwitch value={mode} onChange={onModeChange} disabled={anonymize.isPending} />
            </Box>
            <Controller
              control={form.control}
              name="text"
              render={({ field }) => (
                <FormControl fullWidth required disabled={isReading}>
                  {/* As in FormTextField: the required mark is drawn by CSS, so the field's
                    accessible name stays its label. */}
                  <InputLabel
                    htmlFor={TEXT_FIELD_ID}
                    required={false}
                    sx={{ '&::after': { content: '"\\2009*"' } }}
                  >
                    {t('anonymizer.text.label')}
                  </InputLabel>
                  <OutlinedInput
                    id={TEXT_FIELD_ID}
                    name={field.name}
                    label={<>{t('anonymizer.text.label')}&thinsp;*</>}
                    placeholder={
                      mode === 'html'
                        ? t('anonymizer.text.placeholderHtml')
                        : t('anonymizer.text.placeholder')
                    }
                    multiline
                    minRows={10}
                    maxRows={20}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    inputProps={{ spellCheck: false }}
                  />
                </FormControl>
              )}
            />
            <Box>
              <SubmitButton disabled={!canAnonymize}>{t('anonymizer.submit')}</SubmitButton>
            </Box>
          </Paper>
        </Form>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <AnonymizedResult result={anonymize.data ?? null} />
        </Paper>
      </Box>
      <MessageDialog
        isOpen={isOutcomeOpen && outcome?.kind === 'success'}
        title={t('anonymizer.success.title')}
        message={t('anonymizer.success.message')}
        onClose={() => {
          setIsOutcomeOpen(false);
        }}
      />
      <MessageDialog
        isOpen={isOutcomeOpen && outcome?.kind === 'error'}
        title={t('anonymizer.error.title')}
        message={outcome?.kind === 'error' ? outcome.message : ''}
        onClose={() => {
          setIsOutcomeOpen(false);
        }}
      />
    </>
  );
}
