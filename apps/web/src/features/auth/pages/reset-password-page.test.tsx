import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const PASSWORD = 'N3w-Passw0rd!';

function renderReset(token = 'a-reset-token') {
  return renderRoute({
    path: '/reset_password/:token',
    element: <ResetPasswordPage />,
    initialEntry: `/reset_password/${token}`,
  });
}

describe('ResetPasswordPage', () => {
  it('changes the password with the link’s token and offers to log in', async () => {
    const spy = stubFetch({ 'POST /api/reset_password': { status: 204 } });
    const { user } = renderReset();
    await user.type(screen.getByLabelText(/^New password/), PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password has been changed. You can now log in with it.'),
    ).toBeInTheDocument();
    expect(JSON.parse(recordedCalls(spy)[0]?.body as string)).toEqual({
      token: 'a-reset-token',
      password: PASSWORD,
    });
  });

  it('says a malformed link is not valid, in Spanish, without the server’s sentence', async () => {
    await i18n.changeLanguage('es');
    stubFetch({
      'POST /api/reset_password': {
        status: 400,
        body: errorBody('VALIDATION', 'The request is not valid. token: invalid.', {
          token: 'validation.invalid',
        }),
      },
    });
    const { user } = renderReset('x');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), PASSWORD);
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Este enlace no es válido o ha caducado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar otro' })).toHaveAttribute('href', '/forgot');
    expect(screen.queryByText(/request is not valid/)).toBeNull();
  });
});
