import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { SignUpPage } from './sign-up-page';

const PASSWORD = 'Xk9$mPq2!';

async function fillForm(user: UserEvent, email: string) {
  await user.type(screen.getByLabelText(/^first name/i), 'Ana');
  await user.type(screen.getByLabelText(/^last name/i), 'García');
  await user.type(screen.getByLabelText(/^company email/i), email);
  await user.type(screen.getByLabelText(/^password/i), PASSWORD);
  await user.type(screen.getByLabelText(/^confirm password/i), PASSWORD);
}

function renderSignUp() {
  return renderRoute({ path: '/sign-up', element: <SignUpPage /> });
}

describe('SignUpPage', () => {
  it('enables Sign Up only once the terms of service are ticked', async () => {
    const { user } = renderSignUp();
    const submit = screen.getByRole('button', { name: 'Sign Up' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    expect(submit).toBeDisabled();
  });

  it('shows the marketing copy', () => {
    renderSignUp();
    expect(screen.getByText('Bank account aggregation')).toBeInTheDocument();
    expect(screen.getByText('Transaction categorization')).toBeInTheDocument();
    expect(screen.getByText('Cashflow management')).toBeInTheDocument();
  });

  it('refuses a free-mail address with "Please enter a company email"', async () => {
    const spy = stubFetch();
    const { user } = renderSignUp();
    await fillForm(user, 'ana@gmail.com');
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please enter a company email')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows the mismatch message when the passwords differ', async () => {
    const { user } = renderSignUp();
    await user.type(screen.getByLabelText(/^password/i), PASSWORD);
    await user.type(screen.getByLabelText(/^confirm password/i), 'Other9$xy');
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('New password and confirm password must be equals'),
    ).toBeInTheDocument();
  });

  it('registers, then says "Almost done!" and can resend the email', async () => {
    const spy = stubFetch({
      'POST /api/register': { status: 201, body: { email: 'ana@acme.io' } },
      'PUT /api/register/token/resend': { status: 204 },
    });
    const { user } = renderSignUp();
    await fillForm(user, 'ana@acme.io');
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Almost done!')).toBeInTheDocument();
    const [register] = recordedCalls(spy);
    expect(register?.headers.get('x-app-id')).toBe('web');
    expect(register?.json).toEqual({
      email: 'ana@acme.io',
      password: PASSWORD,
      firstName: 'Ana',
      lastName: 'García',
    });

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We have sent the email again.')).toBeInTheDocument();
    expect(recordedCalls(spy)[1]?.json).toEqual({ email: 'ana@acme.io' });
  });

  it('stops offering Resend when the server says the sends are used up', async () => {
    stubFetch({
      'POST /api/register': { status: 201, body: { email: 'ana@acme.io' } },
      'PUT /api/register/token/resend': { status: 429, body: errorBody('LIMIT_EXCEEDED') },
    });
    const { user } = renderSignUp();
    await fillForm(user, 'ana@acme.io');
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText(/You have used all the confirmation emails/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
  });
});
