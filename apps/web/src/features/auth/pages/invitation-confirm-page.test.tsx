import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { InvitationConfirmPage } from './invitation-confirm-page';

const TOKEN = 'an-invitation-token-0123456789';
const PASSWORD = 'Xk9$mPq2!';

function renderInvitation() {
  return renderRoute({
    path: '/invitation_confirm/:token',
    element: <InvitationConfirmPage />,
    initialEntry: `/invitation_confirm/${TOKEN}`,
  });
}

async function fill(user: UserEvent, { confirm = PASSWORD, terms = true } = {}) {
  await user.type(await screen.findByLabelText(/^first name/i), 'Luis');
  await user.type(screen.getByLabelText(/^last name/i), 'Pérez');
  await user.type(screen.getByLabelText(/^password/i), PASSWORD);
  await user.type(screen.getByLabelText(/^confirm password/i), confirm);
  if (terms) await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
}

describe('InvitationConfirmPage', () => {
  it('enables Create Account only once the terms are accepted', async () => {
    const { user } = renderInvitation();
    const submit = await screen.findByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    expect(submit).toBeEnabled();
  });

  it('requires every field and a valid password, without calling the server', async () => {
    const spy = stubFetch();
    const { user } = renderInvitation();
    await user.click(await screen.findByRole('checkbox', { name: /terms of service/i }));
    await user.type(screen.getByLabelText(/^password/i), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Enter a valid password')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('says the passwords must be equal', async () => {
    const spy = stubFetch();
    const { user } = renderInvitation();
    await fill(user, { confirm: 'Xk9$mPq2?' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('New password and confirm password must be equals'),
    ).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('creates the account, stores the session and enters the app', async () => {
    const member = buildUser({ id: 'user-9', email: 'luis@acme.io', roles: [6] });
    const spy = stubFetch({
      [`POST /api/team/registration/${TOKEN}`]: { body: { token: 'member-jwt', user: member } },
    });
    const { user } = renderInvitation();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('token')).toBe('member-jwt');
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(member);
    expect(recordedCalls(spy)[0]?.json).toEqual({
      firstName: 'Luis',
      lastName: 'Pérez',
      password: PASSWORD,
    });
  });

  it('explains a used or expired invitation and offers to log in', async () => {
    stubFetch({
      [`POST /api/team/registration/${TOKEN}`]: {
        status: 400,
        body: errorBody('INVALID_TOKEN', 'Invalid token'),
      },
    });
    const { user } = renderInvitation();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText(
        'This invitation is not valid: it has already been used, has been withdrawn or has expired.',
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
  });

  it('puts the server field errors on the form', async () => {
    stubFetch({
      [`POST /api/team/registration/${TOKEN}`]: {
        status: 400,
        body: errorBody('VALIDATION', 'Invalid password', {
          password: 'validation.password.illegalSequence',
        }),
      },
    });
    const { user } = renderInvitation();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('Password must not contains sequence of letters or numbers'),
    ).toBeInTheDocument();
  });
});
