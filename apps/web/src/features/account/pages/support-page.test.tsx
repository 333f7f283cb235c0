import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { SupportPage } from './support-page';

describe('SupportPage', () => {
  it('keeps Send disabled until both subject and message are filled', async () => {
    const { user } = renderRoute({ path: '/account/support', element: <SupportPage /> });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText(/^subject/i), 'Invoices');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText(/^message/i), '   ');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText(/^message/i), 'Where are they?');
    expect(send).toBeEnabled();
  });

  it('sends the message, confirms it and clears the form', async () => {
    const spy = stubFetch({ 'POST /api/user/contact': { status: 204 } });
    const { user } = renderRoute({ path: '/account/support', element: <SupportPage /> });
    await user.type(screen.getByLabelText(/^subject/i), 'Invoices');
    await user.type(screen.getByLabelText(/^message/i), 'Where are they?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Your message has been sent successfully')).toBeInTheDocument();
    expect(recordedCalls(spy)[0]?.json).toEqual({ subject: 'Invoices', body: 'Where are they?' });
    expect(screen.getByLabelText(/^subject/i)).toHaveValue('');
    expect(screen.getByLabelText(/^message/i)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
