import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { buildAdminUser, signInAsAdmin } from '../testing/admin-fixtures';
import { AdminPage } from './admin-page';
import { AdminRegisterPage } from './admin-register-page';

const CREATED = buildAdminUser({
  id: 'user-42',
  createdAt: '2026-11-23T04:00:00.000Z',
});

function renderRegister() {
  signInAsAdmin();
  return renderRoutes(
    [
      { path: '/adminRegister', element: <AdminRegisterPage /> },
      { path: '/admin', element: <AdminPage /> },
    ],
    '/adminRegister',
  );
}

async function fill(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^first name/i), 'Eva');
  await user.type(screen.getByLabelText(/^last name/i), 'Soler');
  await user.type(screen.getByLabelText(/^email/i), 'eva@soler.io');
}

describe('AdminRegisterPage', () => {
  it('creates an active user by default, then shows them on /admin', async () => {
    const spy = stubFetch({
      'POST /api/admin/user/register': { status: 201, body: CREATED },
      'GET /api/admin/users': { body: { items: [CREATED], total: 1, page: 0, size: 10 } },
    });
    const { user, router } = renderRegister();
    await fill(user);
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(
      await screen.findByText(
        'The user eva@soler.io has been created and will receive an email to choose a password.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(
      within(await screen.findByRole('table', { name: 'Users' })).getByText('eva@soler.io'),
    ).toBeInTheDocument();
    const post = recordedCalls(spy).find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/admin/user/register');
    expect(post?.json).toEqual({
      firstName: 'Eva',
      lastName: 'Soler',
      email: 'eva@soler.io',
      enabled: true,
    });
  });

  it('creates an inactive user when Active is unticked', async () => {
    const spy = stubFetch({
      'POST /api/admin/user/register': { status: 201, body: { ...CREATED, enabled: false } },
    });
    const { user } = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Administration' });
    expect(recordedCalls(spy).find((call) => call.method === 'POST')?.json).toMatchObject({
      enabled: false,
    });
  });

  it.each([
    ['en-US', 'This email is already registered.', 'This email is already registered'],
    ['es', 'Este email ya está registrado.', 'Este email ya está registrado'],
  ])(
    'shows a taken email in the admin’s language (%s), never the server’s sentence',
    async (language, text, fieldText) => {
      stubFetch({
        'POST /api/admin/user/register': {
          status: 409,
          body: errorBody('EMAIL_TAKEN', 'A user with this email already exists', {
            email: 'validation.email.taken',
          }),
        },
      });
      const { user, router } = renderRegister();
      await fill(user);
      await act(() => i18n.changeLanguage(language));
      await user.click(
        screen.getByRole('button', { name: language === 'es' ? 'Crear' : 'Create' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByText(fieldText)).toBeVisible();
      expect(screen.queryByText('A user with this email already exists')).toBeNull();
      expect(router.state.location.pathname).toBe('/adminRegister');
    },
  );

  it('validates the fields before calling the server', async () => {
    const spy = stubFetch();
    const { user } = renderRegister();
    await user.type(await screen.findByLabelText(/^email/i), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});
