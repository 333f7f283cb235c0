import type { TTeamMember, TTeamResponse } from '@app/contracts/team';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { TeamPage } from './team-page';

const OWNER: TTeamMember = {
  id: 'user-1',
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@acme.io',
  photoUrl: null,
  enabled: true,
  roles: [5],
};
const ADMIN: TTeamMember = {
  id: 'member-2',
  firstName: 'Marta',
  lastName: 'López',
  email: 'marta@acme.io',
  photoUrl: 'https://files.example/marta.png',
  enabled: true,
  roles: [7],
};
const PENDING_GUEST: TTeamMember = {
  id: 'member-3',
  firstName: '',
  lastName: '',
  email: 'pedro@acme.io',
  photoUrl: null,
  enabled: false,
  roles: [6],
};
const TEAM: TTeamResponse = { members: [OWNER, ADMIN, PENDING_GUEST], maxMembers: 20 };

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

function renderTeam(routes: Routes = {}, team: TTeamResponse = TEAM) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  const spy = stubFetch({ 'GET /api/team': { body: team }, ...routes });
  return { spy, ...renderRoute({ path: '/account/team', element: <TeamPage /> }) };
}

function rowOf(email: string): HTMLElement {
  const row = screen.getByText(email).closest('tr');
  if (row === null) throw new Error(`no row for ${email}`);
  return row;
}

function teamLoads(spy: ReturnType<typeof stubFetch>): number {
  return recordedCalls(spy).filter((call) => call.method === 'GET' && call.path === '/api/team')
    .length;
}

describe('TeamPage', () => {
  it('lists the members with photo, names, pending tag, role and edit icons', async () => {
    renderTeam();
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
    await screen.findByText('marta@acme.io');

    expect(within(rowOf('ana@acme.io')).getByText('Ana García')).toBeInTheDocument();
    expect(within(rowOf('ana@acme.io')).getByText('Owner')).toBeInTheDocument();
    expect(within(rowOf('marta@acme.io')).getByText('Admin')).toBeInTheDocument();
    // The photo is decorative beside the name; a member without one gets the placeholder.
    expect(rowOf('marta@acme.io').querySelector('img')).toHaveAttribute(
      'src',
      'https://files.example/marta.png',
    );
    expect(rowOf('ana@acme.io').querySelector('img')).toBeNull();
    const pending = rowOf('pedro@acme.io');
    expect(within(pending).getByText('Guest')).toBeInTheDocument();
    expect(within(pending).getByText('Pending to confirm')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /resend/i })).toBeInTheDocument();
    expect(within(rowOf('marta@acme.io')).queryByText('Pending to confirm')).toBeNull();

    // Nobody edits themselves: the signed-in owner's row has no edit icon.
    expect(screen.queryByRole('button', { name: 'Edit ana@acme.io' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit marta@acme.io' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit pedro@acme.io' })).toBeInTheDocument();
  });

  it('filters by name or email after the 300 ms debounce, ignoring case', async () => {
    const { user } = renderTeam();
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(search, 'MARTA');
    // Not filtered yet: the debounce has not elapsed.
    expect(screen.getByText('ana@acme.io')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('ana@acme.io')).toBeNull();
    });
    expect(screen.getByText('marta@acme.io')).toBeInTheDocument();
    expect(screen.queryByText('pedro@acme.io')).toBeNull();

    await user.clear(search);
    await user.type(search, 'PEDRO@');
    expect(await screen.findByText('pedro@acme.io')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('marta@acme.io')).toBeNull();
    });

    await user.type(search, 'nobody');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('filters by role', async () => {
    const { user } = renderTeam();
    await user.click(await screen.findByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Guest' }));
    expect(screen.getByText('pedro@acme.io')).toBeInTheDocument();
    expect(screen.queryByText('marta@acme.io')).toBeNull();
    expect(screen.queryByText('ana@acme.io')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(screen.getByText('ana@acme.io')).toBeInTheDocument();
  });

  it('shows no search box while the owner is alone', async () => {
    renderTeam({}, { members: [OWNER], maxMembers: 20 });
    await screen.findByText('ana@acme.io');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('disables "Invite member" when the team is full', async () => {
    renderTeam({}, { members: [OWNER, ADMIN, PENDING_GUEST], maxMembers: 3 });
    await screen.findByText('ana@acme.io');
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeDisabled();
    expect(screen.getByText('Your team has reached the maximum of 3 members.')).toBeVisible();
  });

  it('shows a loading skeleton while the team loads', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser());
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => undefined));
    renderRoute({ path: '/account/team', element: <TeamPage /> });
    expect(await screen.findByRole('status', { name: 'Loading' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeDisabled();
  });

  it('shows an error with a retry when the team cannot be loaded', async () => {
    let calls = 0;
    const { user } = renderTeam({
      'GET /api/team': () => {
        calls += 1;
        return calls === 1
          ? { status: 404, body: errorBody('NOT_FOUND', 'No team') }
          : { body: TEAM };
      },
    });
    expect(await screen.findByText('What you are looking for does not exist.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('marta@acme.io')).toBeInTheDocument();
  });

  it('enables SEND INVITE only for a valid email and a chosen role, checking on blur', async () => {
    const { user, spy } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new member' });
    const send = within(dialog).getByRole('button', { name: 'SEND INVITE' });
    expect(send).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/^email/i), 'pablo@acme');
    expect(within(dialog).queryByText('Invalid email')).toBeNull();
    await user.tab();
    expect(await within(dialog).findByText('Invalid email')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/^email/i), '.io');
    await waitFor(() => {
      expect(within(dialog).queryByText('Invalid email')).toBeNull();
    });
    expect(send).toBeDisabled(); // no role yet

    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    expect(send).toBeEnabled();

    await user.clear(within(dialog).getByLabelText(/^email/i));
    expect(send).toBeDisabled();
    expect(recordedCalls(spy).filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the hint when the email is already active in the platform', async () => {
    const { user } = renderTeam({
      'POST /api/team/invite': {
        status: 409,
        body: errorBody('EMAIL_TAKEN', 'Email taken', { email: 'validation.email.active' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new member' });
    await user.type(within(dialog).getByLabelText(/^email/i), 'luis@other.io');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Guest' }));
    await user.click(within(dialog).getByRole('button', { name: 'SEND INVITE' }));
    expect(
      await within(dialog).findByText('This email is already active in the platform.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^email/i)).toHaveValue('luis@other.io');
  });

  it('says when the team is full on the server', async () => {
    const { user } = renderTeam({
      'POST /api/team/invite': { status: 422, body: errorBody('TEAM_FULL', 'Team is full') },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new member' });
    await user.type(within(dialog).getByLabelText(/^email/i), 'luis@acme.io');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Guest' }));
    await user.click(within(dialog).getByRole('button', { name: 'SEND INVITE' }));
    expect(
      await within(dialog).findByText('Your team has reached its maximum number of members.'),
    ).toBeInTheDocument();
  });

  it('invites a member, clears the form and reloads the team', async () => {
    const invited: TTeamMember = { ...PENDING_GUEST, id: 'member-4', email: 'luis@acme.io' };
    const { user, spy } = renderTeam({ 'POST /api/team/invite': { status: 201, body: invited } });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new member' });
    await user.type(within(dialog).getByLabelText(/^email/i), '  Luis@Acme.io ');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Guest' }));
    await user.click(within(dialog).getByRole('button', { name: 'SEND INVITE' }));

    expect(
      await within(dialog).findByText('The invitation has been sent to luis@acme.io.'),
    ).toBeInTheDocument();
    const post = recordedCalls(spy).find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/team/invite');
    expect(post?.json).toEqual({ email: 'luis@acme.io', roles: [6] });
    expect(within(dialog).getByLabelText(/^email/i)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'SEND INVITE' })).toBeDisabled();
    await waitFor(() => {
      expect(teamLoads(spy)).toBe(2);
    });

    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('edits a member: read-only email, names and role saved', async () => {
    const { user, spy } = renderTeam({ 'PUT /api/team/invite/member-2': { body: ADMIN } });
    await user.click(await screen.findByRole('button', { name: 'Edit marta@acme.io' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    const email = within(dialog).getByLabelText(/^email/i);
    expect(email).toHaveValue('marta@acme.io');
    expect(email).toHaveAttribute('readonly');

    const lastName = within(dialog).getByLabelText(/^last name/i);
    await user.clear(lastName);
    await user.type(lastName, 'Ruiz');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Guest' }));
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const put = recordedCalls(spy).find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/team/invite/member-2');
    expect(put?.json).toEqual({
      firstName: 'Marta',
      lastName: 'Ruiz',
      email: 'marta@acme.io',
      roles: [6],
    });
    expect(teamLoads(spy)).toBe(2);
  });

  it('deletes a member after confirmation', async () => {
    const { user, spy } = renderTeam({ 'DELETE /api/team/invite/member-3': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Edit pedro@acme.io' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit member' });
    await user.click(within(edit).getByRole('button', { name: 'DELETE' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete member' });
    expect(within(confirm).getByText('Are you sure you want to delete this member?')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Delete member' })).toBeNull();
    });
    expect(recordedCalls(spy).some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(edit).getByRole('button', { name: 'DELETE' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete member' })).getByRole('button', {
        name: 'YES',
      }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const remove = recordedCalls(spy).find((call) => call.method === 'DELETE');
    expect(remove?.path).toBe('/api/team/invite/member-3');
    expect(teamLoads(spy)).toBe(2);
  });

  it('resends a pending invitation and says so', async () => {
    const { user, spy } = renderTeam({ 'PUT /api/team/invite/member-3/resend': { status: 204 } });
    await user.click(
      await screen.findByRole('button', { name: 'Resend the invitation to pedro@acme.io' }),
    );
    expect(
      await screen.findByText('The invitation has been sent again to pedro@acme.io.'),
    ).toBeInTheDocument();
    expect(recordedCalls(spy).find((call) => call.method === 'PUT')?.path).toBe(
      '/api/team/invite/member-3/resend',
    );
  });

  it('says when a resend fails', async () => {
    const { user } = renderTeam({
      'PUT /api/team/invite/member-3/resend': {
        status: 404,
        body: errorBody('NOT_FOUND', 'Member not found'),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Resend the invitation to pedro@acme.io' }),
    );
    expect(
      await screen.findByText(
        'The invitation could not be sent again: What you are looking for does not exist.',
      ),
    ).toBeInTheDocument();
  });

  it('sends a user who is not the owner to the profile', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser({ roles: [7] }));
    const spy = stubFetch();
    renderRoute({ path: '/account/team', element: <TeamPage /> });
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/profile');
    expect(spy).not.toHaveBeenCalled();
  });
});
