import { VALIDATION } from '@app/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { renderRoute } from '../../test/render';
import { Form } from './form';
import { SubmitButton } from './form-buttons';
import { FormTextField } from './form-text-field';

const ZTeamName = z.object({ name: z.string().trim().min(1, { error: VALIDATION.required }) });

type TeamNameFormProps = { send: (values: { name: string }) => Promise<unknown> };

function TeamNameForm({ send }: TeamNameFormProps) {
  const form = useForm({ resolver: zodResolver(ZTeamName), defaultValues: { name: '' } });
  return (
    <Form form={form} label="Team name" onSubmit={send} successText={() => 'Saved.'}>
      <FormTextField name="name" label="Name" required />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

function renderForm(send: TeamNameFormProps['send']) {
  return renderRoute({ path: '/', element: <TeamNameForm send={send} /> });
}

describe('Form', () => {
  it('sends the valid values when Enter is pressed in a field, then says so', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { user } = renderForm(send);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Core{Enter}');

    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    });
    expect(send).toHaveBeenCalledWith({ name: 'Core' });
  });

  it('shows the field error, translated, and sends nothing while the values are invalid', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { user } = renderForm(send);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('This field is required');
    expect(send).not.toHaveBeenCalled();
  });

  it("shows a refusal's stable code as the translated text, never the server's words", async () => {
    const refusal = new ApiError({ status: 409, code: 'TEAM_FULL', message: 'team is full' });
    const { user } = renderForm(() => Promise.reject(refusal));

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Core');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your team has reached its maximum number of members.',
    );
    expect(screen.queryByText('team is full')).not.toBeInTheDocument();
  });

  it('puts a server field error on its field', async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION',
      message: 'bad',
      fields: { name: VALIDATION.required },
    });
    const { user } = renderForm(() => Promise.reject(refusal));

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Core');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'This field is required',
      );
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends once when submitted twice before the answer, and shows the request under way', async () => {
    let answer: () => void = () => undefined;
    const send = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = renderForm(send);
    const field = screen.getByRole('textbox', { name: 'Name' });
    await user.type(field, 'Core');

    const form = screen.getByRole('form', { name: 'Team name' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
    });
    fireEvent.submit(form);

    answer();
    // The live region is there, empty, from the start: wait for its text.
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
