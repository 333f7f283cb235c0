import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  createContext,
  useContext,
  useId,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import {
  FormProvider,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../lib/error-message';
import { setServerFieldErrors } from '../../lib/form-errors';
import { NoticeArea, type Notice } from '../notice-area';

/** What a failed submit shows above the fields: a translated text, with an action if needed. */
export type FormError = { text: string; action?: ReactNode };

type FormOutcome = { success: string | null; error: FormError | null };

type FormHeadingProps = {
  title: string;
  subtitle?: string | undefined;
  /** A page's only form (h1), a page's part (h2), or a part of a dialog (h3). */
  level: 'page' | 'part' | 'section';
};

type FormProps<TValues extends FieldValues, TOutput extends FieldValues, TResult> = {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Sends the valid values; a rejection is shown on the fields it names, or above them. */
  onSubmit: (values: TOutput) => Promise<TResult>;
  /** The success text shown (and announced) after a submit went through. */
  successText?: (result: NoInfer<TResult>) => string;
  /**
   * The text of a refusal: by default the translation of its stable code, unless the server's
   * field errors already say it. Null shows nothing above the fields.
   */
  describeError?: (error: unknown, hasFieldErrors: boolean) => FormError | string | null;
  /** The form fields a server field error may land on (by default every top-level value). */
  serverFields?: readonly FieldPath<TValues>[];
  /** The server's names for a form field, when they differ (`card.number`). */
  serverNames?: (name: FieldPath<TValues>) => readonly string[];
  /** The outcome can be closed (it stays otherwise until the next submit). */
  isNoticeDismissible?: boolean;
  heading?: FormHeadingProps;
  /** The form's accessible name when it has no heading. */
  label?: string;
  /**
   * `stack`: heading, outcome and fields in one column. `plain`: the children lay themselves
   * out and place `<FormOutcomeArea />` (a dialog's content and actions).
   */
  layout?: 'stack' | 'plain';
  maxWidth?: number;
  children: ReactNode;
};

type FormState = {
  outcome: FormOutcome;
  hasSuccessText: boolean;
  isNoticeDismissible: boolean;
  dismiss: () => void;
};

const FormStateContext = createContext<FormState | null>(null);

const NO_OUTCOME: FormOutcome = { success: null, error: null };

/**
 * The one form of the web: react-hook-form values checked by their zod resolver, fields bound
 * by name (`FormTextField`, `FormSelect`...), one submit at a time, and its outcome (a success
 * text, or the server's refusal as translated text) shown above the fields.
 */
export function Form<TValues extends FieldValues, TOutput extends FieldValues, TResult>({
  form,
  onSubmit,
  successText,
  describeError,
  serverFields,
  serverNames,
  isNoticeDismissible = false,
  heading,
  label,
  layout = 'stack',
  maxWidth,
  children,
}: FormProps<TValues, TOutput, TResult>) {
  const { t } = useTranslation();
  const titleId = useId();
  const [outcome, setOutcome] = useState<FormOutcome>(NO_OUTCOME);
  // Enter pressed twice, or a click while the button is not yet disabled: one request only.
  const isSending = useRef(false);

  const showError = (error: unknown) => {
    const fields = serverFields ?? (Object.keys(form.getValues()) as FieldPath<TValues>[]);
    const hasFieldErrors = setServerFieldErrors(error, form.setError, fields, serverNames);
    const described = describeError
      ? describeError(error, hasFieldErrors)
      : hasFieldErrors
        ? null
        : getErrorMessage(t, error);
    const formError = typeof described === 'string' ? { text: described } : described;
    setOutcome({ success: null, error: formError });
  };

  const submit = form.handleSubmit(async (values) => {
    setOutcome(NO_OUTCOME);
    try {
      const result = await onSubmit(values);
      if (successText) setOutcome({ success: successText(result), error: null });
    } catch (error) {
      showError(error);
    }
  });

  const handleSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (isSending.current) return;
    isSending.current = true;
    void submit(event).finally(() => {
      isSending.current = false;
    });
  };

  const state: FormState = {
    outcome,
    hasSuccessText: successText !== undefined,
    isNoticeDismissible,
    dismiss: () => {
      setOutcome(NO_OUTCOME);
    },
  };
  const stackSx: SxProps<Theme> = { display: 'grid', gap: 2, alignContent: 'start', maxWidth };

  return (
    <FormProvider {...form}>
      <FormStateContext value={state}>
        <Box
          component="form"
          noValidate
          aria-label={label}
          aria-labelledby={heading ? titleId : undefined}
          onSubmit={handleSubmit}
          sx={layout === 'stack' ? stackSx : undefined}
        >
          {layout === 'stack' ? (
            <>
              {heading ? <FormHeading id={titleId} {...heading} /> : null}
              <FormOutcomeArea />
            </>
          ) : null}
          {children}
        </Box>
      </FormStateContext>
    </FormProvider>
  );
}

const HEADINGS = {
  // The page's gap under its heading is 3 (the fields' gap and 1 more).
  page: { variant: 'h6', component: 'h1', boxSx: { mb: 1 }, sx: undefined, subtitle: 'body1' },
  part: { variant: 'h6', component: 'h2', boxSx: undefined, sx: undefined, subtitle: 'body2' },
  section: {
    variant: 'subtitle1',
    component: 'h3',
    boxSx: undefined,
    sx: { fontWeight: 600 },
    subtitle: 'body2',
  },
} as const;

function FormHeading({ id, title, subtitle, level }: FormHeadingProps & { id: string }) {
  const heading = HEADINGS[level];
  return (
    <Box sx={heading.boxSx}>
      <Typography id={id} variant={heading.variant} component={heading.component} sx={heading.sx}>
        {title}
      </Typography>
      {subtitle === undefined ? null : (
        <Typography variant={heading.subtitle} color="text.secondary">
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

/** The form's state for parts drawn inside it (the outcome, the submit button). */
export function useFormOutcome(): FormState {
  const state = useContext(FormStateContext);
  if (state === null) throw new Error('A form part is used outside <Form>.');
  return state;
}

/**
 * Where the outcome of the last submit appears: the success text in a live region (announced),
 * the refusal as an error alert.
 */
export function FormOutcomeArea() {
  const { outcome, hasSuccessText, isNoticeDismissible, dismiss } = useFormOutcome();
  if (isNoticeDismissible) {
    const notice: Notice | null =
      outcome.error !== null
        ? { severity: 'error', text: outcome.error.text }
        : outcome.success !== null
          ? { severity: 'success', text: outcome.success }
          : null;
    return <NoticeArea notice={notice} onClose={dismiss} />;
  }
  return (
    <>
      {hasSuccessText ? (
        <Box role="status" aria-live="polite">
          {outcome.success === null ? null : <Alert severity="success">{outcome.success}</Alert>}
        </Box>
      ) : null}
      {outcome.error === null ? null : (
        <Alert severity="error" action={outcome.error.action}>
          {outcome.error.text}
        </Alert>
      )}
    </>
  );
}
