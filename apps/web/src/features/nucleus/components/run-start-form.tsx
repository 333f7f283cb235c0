import type { TRun } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/form';
import { runPath } from '../utils/paths';
import { describeNucleusActionError } from './nucleus-error';

type RunStartFormProps<TValues extends FieldValues, TRequest extends FieldValues> = {
  form: UseFormReturn<TValues, unknown, TRequest>;
  /** Sends the request its schema read from the values; the new run comes back. */
  start: (request: TRequest) => Promise<TRun>;
  /** The parts, the `<FormOutcomeArea />` and the Start button. */
  children: ReactNode;
};

/**
 * A synthesis form: once the run starts its page follows; a refusal is told in words, with a
 * way to the plans when a plan is the cause.
 */
export function RunStartForm<TValues extends FieldValues, TRequest extends FieldValues>({
  form,
  start,
  children,
}: RunStartFormProps<TValues, TRequest>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Form
      form={form}
      layout="plain"
      onSubmit={async (request) => {
        const run = await start(request);
        void navigate(runPath(run.id));
      }}
      describeError={(error) => describeNucleusActionError(t, error)}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>{children}</Box>
    </Form>
  );
}
