import { PHOTO_MAX_BYTES } from '@app/contracts/users';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { EMAIL_CHANGED_STATE } from '../../../lib/email-change';
import { queryClient } from '../../../lib/query-client';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute, renderRoutes } from '../../../test/render';
import { ProfilePage } from './profile-page';

function renderProfile() {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  return renderRoute({ path: '/account/profile', element: <ProfilePage /> });
}

function photoFile(name: string, type: string, size: number) {
  return new File([new Uint8Array(size)], name, { type });
}

describe('ProfilePage', () => {
  it('enables Save only after an edit', async () => {
    const { user } = renderProfile();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByLabelText(/^first name/i)).toHaveValue('Ana');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^region/i), ' Centro');
    expect(save).toBeEnabled();
  });

  it('keeps Save disabled while an edit is invalid', async () => {
    const { user } = renderProfile();
    const firstName = await screen.findByLabelText(/^first name/i);
    await user.clear(firstName);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves and says so in a dialog', async () => {
    const spy = stubFetch({
      'PUT /api/user': { body: buildUser({ region: 'Madrid Centro' }) },
    });
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText(/^region/i), ' Centro');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your profile has been successfully updated')).toBeVisible();
    expect(recordedCalls(spy)[0]?.json).toMatchObject({ region: 'Madrid Centro' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('asks for a new email by link: says so, and the field keeps the current email', async () => {
    const spy = stubFetch({
      'PUT /api/user': { body: buildUser({ pendingEmail: 'lucia@acme.io' }) },
    });
    const { user } = renderProfile();
    const email = await screen.findByLabelText(/^email/i);
    expect(
      screen.getByText('A new email only takes effect once you open the link we send to it.'),
    ).toBeVisible();
    await user.clear(email);
    await user.type(email, 'Lucia@acme.io');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Your profile has been saved. We sent a link to lucia@acme.io: your email changes when you open it.',
      ),
    ).toBeVisible();
    expect(recordedCalls(spy)[0]?.json).toMatchObject({ email: 'lucia@acme.io' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText(/^email/i)).toHaveValue('ana@acme.io');
    expect(
      screen.getByText('We sent a link to lucia@acme.io. Your email changes when you open it.'),
    ).toBeVisible();
  });

  it('cancels a pending email change from its notice, by keyboard', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser({ pendingEmail: 'lucia@acme.io' }));
    const spy = stubFetch({ 'DELETE /api/user/email/pending': { status: 204 } });
    const { user } = renderRoute({ path: '/account/profile', element: <ProfilePage /> });
    expect(
      await screen.findByText(
        'We sent a link to lucia@acme.io. Your email changes when you open it.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText(/^email/i)).toHaveValue('ana@acme.io');
    screen.getByRole('button', { name: 'Cancel change' }).focus();
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText('The email change was cancelled. Your email is still ana@acme.io.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel change' })).not.toBeInTheDocument();
    expect(recordedCalls(spy).map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/user/email/pending',
    ]);
  });

  it('keeps the pending notice and says why when the cancel fails', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser({ pendingEmail: 'lucia@acme.io' }));
    stubFetch({ 'DELETE /api/user/email/pending': 'network-error' });
    const { user } = renderRoute({ path: '/account/profile', element: <ProfilePage /> });
    await user.click(await screen.findByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something was wrong, try later.');
    expect(screen.getByRole('button', { name: 'Cancel change' })).toBeVisible();
  });

  it('tells once that the email changed when opened from the confirmation link', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser({ email: 'lucia@acme.io' }));
    const { router, user } = renderRoutes(
      [
        { path: '/start', element: <p>start</p> },
        { path: '/account/profile', element: <ProfilePage /> },
      ],
      '/start',
    );
    await act(() => router.navigate('/account/profile', { state: EMAIL_CHANGED_STATE }));
    expect(
      await screen.findByText('Your new email is confirmed. Use it to sign in from now on.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^email/i)).toHaveValue('lucia@acme.io');
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(router.state.location.state).toBeNull();
  });

  it('chooses the country from the same code list as the billing details', async () => {
    const spy = stubFetch({ 'PUT /api/user': { body: buildUser({ country: 'PT' }) } });
    const { user } = renderProfile();
    const country = await screen.findByRole('combobox', { name: /^country/i });
    expect(country).toHaveValue('ES');
    expect(within(country).getByRole('option', { name: 'Spain' })).toBeInTheDocument();
    await user.selectOptions(country, 'PT');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByRole('dialog');
    expect(recordedCalls(spy)[0]?.json).toMatchObject({ country: 'PT' });
  });

  it('shows a country stored as free text as not chosen', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser({ country: 'Spain' }));
    renderRoute({ path: '/account/profile', element: <ProfilePage /> });
    expect(await screen.findByRole('combobox', { name: /^country/i })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows "Image Error" for a photo over 800 KB without calling the server', async () => {
    const spy = stubFetch();
    const { user } = renderProfile();
    await user.upload(
      await screen.findByLabelText('Upload photo'),
      photoFile('me.png', 'image/png', PHOTO_MAX_BYTES + 1),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Image Error')).toBeVisible();
    expect(within(dialog).getByText('The image must be smaller than 800 KB.')).toBeVisible();
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows "Image Error" for a file that is not jpg, gif or png', async () => {
    const spy = stubFetch();
    renderProfile();
    // The picker's `accept` hides such files; a drop or a lenient browser may still pass one.
    fireEvent.change(await screen.findByLabelText('Upload photo'), {
      target: { files: [photoFile('me.bmp', 'image/bmp', 1000)] },
    });
    expect(await screen.findByText('The image must be a jpg, gif or png file.')).toBeVisible();
    expect(spy).not.toHaveBeenCalled();
  });

  it('uploads a valid photo as multipart field "image"', async () => {
    const spy = stubFetch({
      'POST /api/user/profile/photo': { body: { url: 'https://files.example/me.png' } },
    });
    const { user } = renderProfile();
    await user.upload(
      await screen.findByLabelText('Upload photo'),
      photoFile('me.png', 'image/png', 1000),
    );
    await screen.findByRole('img', { name: 'Profile photo' });
    const [call] = recordedCalls(spy);
    expect(call?.body).toBeInstanceOf(FormData);
    expect((call?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(call?.headers.get('Content-Type')).toBeNull();
  });

  it('shows "Image Error" when the server refuses the image', async () => {
    stubFetch({
      'POST /api/user/profile/photo': { status: 413, body: errorBody('PAYLOAD_TOO_LARGE') },
    });
    const { user } = renderProfile();
    await user.upload(
      await screen.findByLabelText('Upload photo'),
      photoFile('me.png', 'image/png', 1000),
    );
    expect(await screen.findByText('Image Error')).toBeVisible();
  });

  it('shows "Image Error" when the server finds the file is not an image', async () => {
    stubFetch({
      'POST /api/user/profile/photo': {
        status: 400,
        body: errorBody('VALIDATION', 'Invalid image', { image: 'validation.image.type' }),
      },
    });
    const { user } = renderProfile();
    await user.upload(
      await screen.findByLabelText('Upload photo'),
      photoFile('fake.png', 'image/png', 10),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Image Error' });
    expect(within(dialog).getByText('The image must be a jpg, gif or png file.')).toBeVisible();
  });
});
