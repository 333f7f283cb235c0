import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { SignInPage } from './sign-in-page';

async function submitLogin(email = 'ana@acme.io', password = 'secret') {
  const view = renderRoute({ path: '/sign-in', element: <SignInPage /> });
  await view.user.type(screen.getByLabelText(/^email/i), email);
  await view.user.type(screen.getByLabelText(/^password/i), password);
  await view.user.keyboard('{Enter}');
  return view;
}

describe('SignInPage', () => {
  it('tells a user whose account is not confirmed to check the mailbox', async () => {
    stubFetch({
      'POST /api/login': { status: 401, body: errorBody('ACCOUNT_DISABLED', 'Account disabled') },
    });
    await submitLogin();
    expect(
      await screen.findByText('Your email is pending validation, please check your mailbox.'),
    ).toBeInTheDocument();
  });

  it('answers wrong credentials with "Invalid user or password."', async () => {
    stubFetch({
      'POST /api/login': { status: 401, body: errorBody('INVALID_CREDENTIALS', 'Bad') },
    });
    await submitLogin();
    expect(await screen.findByText('Invalid user or password.')).toBeInTheDocument();
  });

  it('says "Something was wrong, try later." when the server does not answer', async () => {
    stubFetch({ 'POST /api/login': 'network-error' });
    await submitLogin();
    expect(await screen.findByText('Something was wrong, try later.')).toBeInTheDocument();
  });

  it('stores the token, primes the user and enters the app on success', async () => {
    const spy = stubFetch({
      'POST /api/login': { body: { token: 'jwt-token', user: buildUser() } },
    });
    await submitLogin('Ana@Acme.io ', 'secret');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('token')).toBe('jwt-token');
    const [call] = recordedCalls(spy);
    expect(call?.json).toEqual({ email: 'ana@acme.io', password: 'secret' });
    expect(call?.headers.get('Accept-Language')).toBe('en-US');
  });

  it('validates before calling the server', async () => {
    const spy = stubFetch();
    await submitLogin('not-an-email', 'x');
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('links to the forgot-password and sign-up pages', () => {
    renderRoute({ path: '/sign-in', element: <SignInPage /> });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
  });
});
