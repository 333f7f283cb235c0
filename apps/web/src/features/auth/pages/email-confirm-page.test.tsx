import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { errorBody, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { EmailConfirmPage } from './email-confirm-page';

const TOKEN = 'an-email-change-token-0123456789';

/** The confirm page and a stand-in profile page that shows the state it was opened with. */
function renderConfirm() {
  return renderRoutes(
    [
      { path: '/email_confirm/:token', element: <EmailConfirmPage /> },
      { path: '/account/profile', element: <ProfileProbe /> },
    ],
    `/email_confirm/${TOKEN}`,
  );
}

function ProfileProbe() {
  return <p data-testid="profile">profile</p>;
}

describe('EmailConfirmPage', () => {
  it('stores the new session and opens the profile, telling it the email changed', async () => {
    const user = buildUser({ email: 'ana.new@acme.io' });
    const spy = stubFetch({
      [`POST /api/user/email/confirm/${TOKEN}`]: { body: { token: 'new-jwt', user } },
    });
    const { router } = renderConfirm();
    expect(await screen.findByTestId('profile')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(router.state.location.state).toEqual({ isEmailChanged: true });
    expect(localStorage.getItem('token')).toBe('new-jwt');
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('says an invalid or expired link changed nothing, with a way to the profile', async () => {
    stubFetch({
      [`POST /api/user/email/confirm/${TOKEN}`]: {
        status: 400,
        body: errorBody('INVALID_TOKEN', 'The token is not valid.'),
      },
    });
    const { user } = renderConfirm();
    expect(await screen.findByRole('heading', { name: 'Email not changed' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This link is not valid or has expired. Ask for the change again in your profile.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The token is not valid.')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    const toProfile = screen.getByRole('button', { name: 'Go to my profile' });
    toProfile.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('profile')).toBeInTheDocument();
  });

  it('says so when the address was taken by another account meanwhile', async () => {
    stubFetch({
      [`POST /api/user/email/confirm/${TOKEN}`]: {
        status: 409,
        body: errorBody('EMAIL_TAKEN', 'Email taken', { email: 'validation.email.taken' }),
      },
    });
    renderConfirm();
    expect(
      await screen.findByText(
        'This address already belongs to another account, so your email has not changed.',
      ),
    ).toBeInTheDocument();
  });

  it('speaks Spanish to a Spanish user', async () => {
    await i18n.changeLanguage('es');
    stubFetch({
      [`POST /api/user/email/confirm/${TOKEN}`]: { status: 400, body: errorBody('INVALID_TOKEN') },
    });
    renderConfirm();
    expect(await screen.findByRole('heading', { name: 'Email no cambiado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a mi perfil' })).toBeInTheDocument();
  });
});
