import { PHOTO_MAX_BYTES } from '@app/contracts/users';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
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
