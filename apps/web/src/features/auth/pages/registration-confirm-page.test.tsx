import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { RegistrationConfirmPage } from './registration-confirm-page';

const TOKEN = 'a-confirmation-token-0123456789';

function renderConfirm() {
  return renderRoute({
    path: '/registration_confirm/:token',
    element: <RegistrationConfirmPage />,
    initialEntry: `/registration_confirm/${TOKEN}`,
  });
}

describe('RegistrationConfirmPage', () => {
  it('says "Great!", stores the session and starts the app', async () => {
    const spy = stubFetch({
      [`POST /api/register/confirm/${TOKEN}`]: { body: { token: 'jwt', user: buildUser() } },
    });
    const { user } = renderConfirm();
    expect(await screen.findByText('Great!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(spy).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: "Let's Start" }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows "Inactive account" with a way to register again', async () => {
    stubFetch({
      [`POST /api/register/confirm/${TOKEN}`]: {
        status: 400,
        body: errorBody('INVALID_TOKEN'),
      },
    });
    const { user } = renderConfirm();
    expect(await screen.findByText('Inactive account')).toBeInTheDocument();
    expect(screen.getByText('Please register again and confirm your email.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-up');
  });

  it('says a link clicked again is already confirmed and offers to log in', async () => {
    stubFetch({
      [`POST /api/register/confirm/${TOKEN}`]: {
        status: 409,
        body: errorBody('CONFLICT', 'English', undefined, 'ALREADY_CONFIRMED'),
      },
    });
    const { user } = renderConfirm();
    expect(await screen.findByText('Already confirmed')).toBeInTheDocument();
    expect(screen.queryByText('Inactive account')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
  });
});
