import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { SecurityPage } from './security-page';

async function fillAndSubmit(user: UserEvent, password: string, confirm = password) {
  await user.type(screen.getByLabelText(/^old password/i), 'Old-pass1');
  await user.type(screen.getByLabelText(/^new password/i), password);
  await user.type(screen.getByLabelText(/^confirm password/i), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

function renderSecurity() {
  localStorage.setItem('token', 'jwt');
  return renderRoute({ path: '/account/security', element: <SecurityPage /> });
}

describe('SecurityPage', () => {
  it('shows the illegal-sequence text for a server 400 saying "illegal sequence"', async () => {
    stubFetch({
      'POST /api/update_password': {
        status: 400,
        body: errorBody('VALIDATION', 'Password has an illegal sequence'),
      },
    });
    const { user } = renderSecurity();
    await fillAndSubmit(user, 'Xk9$mPq2!');
    expect(
      await screen.findByText('Password must not contains sequence of letters or numbers'),
    ).toBeInTheDocument();
  });

  it('shows the mismatch text when new and confirm differ', async () => {
    const spy = stubFetch();
    const { user } = renderSecurity();
    await fillAndSubmit(user, 'Xk9$mPq2!', 'Xk9$mPq2?');
    expect(
      await screen.findByText('New password and confirm password must be equals'),
    ).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('puts a wrong old password on its field', async () => {
    stubFetch({
      'POST /api/update_password': {
        status: 400,
        body: errorBody('VALIDATION', 'Wrong password', {
          oldPassword: 'validation.password.wrongOld',
        }),
      },
    });
    const { user } = renderSecurity();
    await fillAndSubmit(user, 'Xk9$mPq2!');
    expect(await screen.findByText('The old password is not correct')).toBeInTheDocument();
  });

  it('says "Something was wrong." for a failure without a message', async () => {
    stubFetch({ 'POST /api/update_password': { status: 502, body: '<html>Bad gateway</html>' } });
    const { user } = renderSecurity();
    await fillAndSubmit(user, 'Xk9$mPq2!');
    expect(await screen.findByText('Something was wrong.')).toBeInTheDocument();
  });

  it('changes the password, keeps the session on the new token and clears the form', async () => {
    const spy = stubFetch({ 'POST /api/update_password': { body: { token: 'new-jwt' } } });
    const { user } = renderSecurity();
    await fillAndSubmit(user, 'Xk9$mPq2!');
    expect(await screen.findByText('Password changed successfuly')).toBeInTheDocument();
    expect(recordedCalls(spy)[0]?.json).toEqual({
      oldPassword: 'Old-pass1',
      password: 'Xk9$mPq2!',
    });
    expect(recordedCalls(spy)[0]?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(screen.getByLabelText(/^old password/i)).toHaveValue('');
    expect(localStorage.getItem('token')).toBe('new-jwt');
  });
});
