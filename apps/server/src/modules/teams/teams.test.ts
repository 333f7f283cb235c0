import { ROLES, type TTeamMember, type TTeamResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  bearer,
  expectAppError,
  linkToken,
  signUpConfirmed,
  uniqueEmail,
  useTestApp,
} from '../../test/test-app.js';

const test = useTestApp();

type Owner = Awaited<ReturnType<typeof signUpConfirmed>>;

function listTeam(token: string) {
  return test.app.inject({ method: 'GET', url: '/api/team', headers: bearer(token) });
}

async function members(token: string): Promise<TTeamMember[]> {
  const response = await listTeam(token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TTeamResponse>().members;
}

function invite(token: string, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/team/invite',
    headers: bearer(token),
    payload,
  });
}

function updateMember(token: string, id: string, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'PUT',
    url: `/api/team/invite/${id}`,
    headers: bearer(token),
    payload,
  });
}

function deleteMember(token: string, id: string) {
  return test.app.inject({
    method: 'DELETE',
    url: `/api/team/invite/${id}`,
    headers: bearer(token),
  });
}

function resend(token: string, id: string) {
  return test.app.inject({
    method: 'PUT',
    url: `/api/team/invite/${id}/resend`,
    headers: bearer(token),
  });
}

function accept(token: string, payload: Record<string, unknown> = {}) {
  return test.app.inject({
    method: 'POST',
    url: `/api/team/registration/${token}`,
    payload: { password: STRONG_PASSWORD, firstName: 'Lucía', lastName: 'Pérez', ...payload },
  });
}

async function invited(owner: Owner, role: number = ROLES.ADMIN) {
  const email = uniqueEmail('colleague');
  const response = await invite(owner.token, { email, roles: [role] });
  expect(response.statusCode, response.body).toBe(201);
  return { member: response.json<TTeamMember>(), email };
}

async function invitationToken(email: string): Promise<string> {
  const mail = (await test.outbox()).find((message) => message.to === email);
  if (!mail) throw new Error(`no invitation mail for ${email}`);
  return linkToken(mail, 'invitation_confirm');
}

/** An invited colleague who has accepted: their session token and member id. */
async function joinedMember(owner: Owner, role: number) {
  const { member, email } = await invited(owner, role);
  const response = await accept(await invitationToken(email));
  expect(response.statusCode, response.body).toBe(200);
  return { token: response.json<{ token: string }>().token, id: member.id, email };
}

describe('inviting a member', () => {
  it('shows the invitee at once as pending and mails a link in the inviter language', async () => {
    const owner = await signUpConfirmed(test, { language: 'es' });
    const { member, email } = await invited(owner, ROLES.GUEST);
    expect(member).toMatchObject({ email, enabled: false, roles: [ROLES.GUEST], photoUrl: null });

    const list = await members(owner.token);
    expect(list.map((row) => [row.email, row.enabled])).toEqual([
      [owner.email, true],
      [email, false],
    ]);
    const mail = (await test.outbox()).find((message) => message.to === email);
    expect(mail?.subject).toContain('te ha invitado');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/invitation_confirm\/[\w-]{20,}/);
  });

  it('refuses an email already active in the platform with the hint, creating nothing', async () => {
    const owner = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    const response = await invite(owner.token, { email: other.email, roles: [ROLES.ADMIN] });
    expectAppError(response, 409, 'EMAIL_TAKEN', 'email');
    expect(response.json()).toMatchObject({
      error: {
        message: 'This email is already active in the platform.',
        fields: { email: 'validation.email.active' },
      },
    });
    expect(await members(owner.token)).toHaveLength(1);
  });

  it('refuses an email that is already invited', async () => {
    const owner = await signUpConfirmed(test);
    const { email } = await invited(owner);
    const response = await invite(owner.token, { email, roles: [ROLES.GUEST] });
    expectAppError(response, 409, 'EMAIL_TAKEN', 'email');
    expect(response.json()).toMatchObject({
      error: { fields: { email: 'validation.email.pending' } },
    });
  });

  it.each([
    ['the owner role', [ROLES.OWNER]],
    ['the platform administrator role', [ROLES.PLATFORM_ADMIN]],
    ['an assignable role with a forbidden one', [ROLES.ADMIN, ROLES.PLATFORM_ADMIN]],
  ])('answers 403 to %s and invites nobody', async (_case, roles) => {
    const owner = await signUpConfirmed(test);
    expectAppError(await invite(owner.token, { email: uniqueEmail(), roles }), 403, 'FORBIDDEN');
    expect(await members(owner.token)).toHaveLength(1);
    expect(await test.outbox()).toHaveLength(1);
  });

  it.each([
    ['no role', { email: 'a@acme.com', roles: [] }, 'roles'],
    ['an address with a space', { email: 'a b@acme.com', roles: [ROLES.ADMIN] }, 'email'],
    ['an address without a dot in the domain', { email: 'a@acme', roles: [ROLES.ADMIN] }, 'email'],
  ])('validates %s', async (_case, payload, field) => {
    const owner = await signUpConfirmed(test);
    expectAppError(await invite(owner.token, payload), 400, 'VALIDATION', field);
  });

  it('refuses the 21st member, pending invitations included', async () => {
    const owner = await signUpConfirmed(test);
    for (let index = 1; index < 20; index++) await invited(owner, ROLES.GUEST);
    expect(await members(owner.token)).toHaveLength(20);

    const response = await invite(owner.token, { email: uniqueEmail(), roles: [ROLES.GUEST] });
    expectAppError(response, 422, 'TEAM_FULL');
    expect(await members(owner.token)).toHaveLength(20);
  });

  it('lets only one of several simultaneous invitations take the last place', async () => {
    const owner = await signUpConfirmed(test);
    for (let index = 1; index < 19; index++) await invited(owner, ROLES.GUEST);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        invite(owner.token, { email: uniqueEmail(), roles: [ROLES.GUEST] }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    expect(await members(owner.token)).toHaveLength(20);
  });

  it('leaves the invitee unable to sign in or to get a registration mail until they accept', async () => {
    const owner = await signUpConfirmed(test);
    const { email } = await invited(owner);
    await test.outbox();
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expectAppError(login, 401, 'INVALID_CREDENTIALS');
    const resendConfirmation = await test.app.inject({
      method: 'PUT',
      url: '/api/register/token/resend',
      payload: { email },
    });
    expect(resendConfirmation.statusCode).toBe(204);
    expect((await test.outbox()).filter((message) => message.to === email)).toHaveLength(1);
  });
});

describe('accepting an invitation', () => {
  it('creates the account inside the inviter team, enabled, with the chosen role', async () => {
    const owner = await signUpConfirmed(test);
    const { email } = await invited(owner, ROLES.GUEST);
    const response = await accept(await invitationToken(email));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.authorization).toMatch(/^Bearer /);
    expect(response.json()).toMatchObject({
      user: { email, teamId: owner.teamId, roles: [ROLES.GUEST], firstName: 'Lucía' },
    });

    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.json()).toMatchObject({ user: { teamId: owner.teamId } });
    expect((await members(owner.token)).find((member) => member.email === email)).toMatchObject({
      enabled: true,
      firstName: 'Lucía',
      lastName: 'Pérez',
    });
  });

  it('fails cleanly for a used or an unknown token', async () => {
    const owner = await signUpConfirmed(test);
    const { email } = await invited(owner);
    const token = await invitationToken(email);
    expect((await accept(token)).statusCode).toBe(200);
    expectAppError(await accept(token, { password: 'Other#Pass97' }), 400, 'INVALID_TOKEN');
    expectAppError(await accept('x'.repeat(43)), 400, 'INVALID_TOKEN');
  });

  it('fails for an expired invitation', async () => {
    const owner = await signUpConfirmed(test);
    const { email } = await invited(owner);
    const token = await invitationToken(email);
    test.clock.advance(7 * 24 * 3_600_000 + 1000);
    expectAppError(await accept(token), 400, 'INVALID_TOKEN');
  });

  it('validates the fields and keeps the invitation usable', async () => {
    const owner = await signUpConfirmed(test);
    const { email } = await invited(owner);
    const token = await invitationToken(email);
    expectAppError(await accept(token, { password: 'weak' }), 400, 'VALIDATION', 'password');
    expectAppError(await accept(token, { firstName: '123' }), 400, 'VALIDATION', 'firstName');
    expect((await accept(token)).statusCode).toBe(200);
  });
});

describe('editing, resending and deleting members', () => {
  it('changes a member name and role', async () => {
    const owner = await signUpConfirmed(test);
    const member = await joinedMember(owner, ROLES.ADMIN);
    const response = await updateMember(owner.token, member.id, {
      firstName: 'Lu',
      lastName: 'Pérez Gil',
      email: member.email,
      roles: [ROLES.GUEST],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Lu', roles: [ROLES.GUEST] });
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(member.token),
    });
    expect(me.json()).toMatchObject({ roles: [ROLES.GUEST], lastName: 'Pérez Gil' });
  });

  it('re-invites a pending member whose address is corrected; the old link dies', async () => {
    const owner = await signUpConfirmed(test);
    const { member, email } = await invited(owner);
    const oldToken = await invitationToken(email);
    const corrected = uniqueEmail('corrected');
    const response = await updateMember(owner.token, member.id, {
      firstName: '',
      lastName: '',
      email: corrected,
      roles: [ROLES.ADMIN],
    });
    expect(response.statusCode, response.body).toBe(200);
    expectAppError(await accept(oldToken), 400, 'INVALID_TOKEN');
    expect((await accept(await invitationToken(corrected))).statusCode).toBe(200);
  });

  it('refuses to change the email of an active member', async () => {
    const owner = await signUpConfirmed(test);
    const member = await joinedMember(owner, ROLES.ADMIN);
    const response = await updateMember(owner.token, member.id, {
      firstName: 'Lucía',
      lastName: 'Pérez',
      email: uniqueEmail(),
      roles: [ROLES.ADMIN],
    });
    expectAppError(response, 422, 'BUSINESS_RULE', 'email');
  });

  it('never lets the owner edit or delete themselves', async () => {
    const owner = await signUpConfirmed(test);
    const payload = { firstName: 'A', lastName: 'B', email: owner.email, roles: [ROLES.ADMIN] };
    expectAppError(await updateMember(owner.token, owner.userId, payload), 403, 'FORBIDDEN');
    expectAppError(await deleteMember(owner.token, owner.userId), 403, 'FORBIDDEN');
    expect((await members(owner.token))[0]?.roles).toEqual([ROLES.OWNER]);
  });

  it('refuses to give a member a role outside the assignable two', async () => {
    const owner = await signUpConfirmed(test);
    const { member, email } = await invited(owner);
    const payload = { firstName: '', lastName: '', email, roles: [ROLES.OWNER] };
    expectAppError(await updateMember(owner.token, member.id, payload), 403, 'FORBIDDEN');
  });

  it('deletes a member, whose session ends at once', async () => {
    const owner = await signUpConfirmed(test);
    const member = await joinedMember(owner, ROLES.GUEST);
    expect((await deleteMember(owner.token, member.id)).statusCode).toBe(204);
    expect((await members(owner.token)).map((row) => row.email)).toEqual([owner.email]);
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(member.token),
    });
    expect(me.statusCode).toBe(401);
    expectAppError(await deleteMember(owner.token, member.id), 404, 'NOT_FOUND');
  });

  it('resends an invitation with a new link and refuses to resend to a joined member', async () => {
    const owner = await signUpConfirmed(test);
    const { member, email } = await invited(owner);
    const firstToken = await invitationToken(email);
    expect((await resend(owner.token, member.id)).statusCode).toBe(204);
    const secondToken = await invitationToken(email);
    expect(secondToken).not.toBe(firstToken);
    expectAppError(await accept(firstToken), 400, 'INVALID_TOKEN');
    expect((await accept(secondToken)).statusCode).toBe(200);
    expectAppError(await resend(owner.token, member.id), 422, 'BUSINESS_RULE');
  });

  it('resends one invitation at most three times an hour', async () => {
    const owner = await signUpConfirmed(test);
    const { member, email } = await invited(owner);
    const other = await invited(owner);
    for (let send = 0; send < 3; send++) {
      expect((await resend(owner.token, member.id)).statusCode).toBe(204);
    }
    expectAppError(await resend(owner.token, member.id), 429, 'RATE_LIMITED');
    expect((await resend(owner.token, other.member.id)).statusCode).toBe(204);
    const invitations = (await test.outbox()).filter((mail) => mail.to === email);
    expect(invitations).toHaveLength(4);
  });

  it('answers 400 to an id that is not one', async () => {
    const owner = await signUpConfirmed(test);
    expectAppError(await deleteMember(owner.token, 'not-a-uuid'), 400, 'VALIDATION', 'id');
  });
});

describe('who may manage a team', () => {
  it.each([
    ['an Admin member', ROLES.ADMIN],
    ['a Guest member', ROLES.GUEST],
  ])('%s can neither list nor manage the team', async (_case, role) => {
    const owner = await signUpConfirmed(test);
    const member = await joinedMember(owner, role);
    const { member: pending } = await invited(owner);
    const payload = { firstName: '', lastName: '', email: pending.email, roles: [ROLES.GUEST] };

    expectAppError(await listTeam(member.token), 403, 'FORBIDDEN');
    expectAppError(
      await invite(member.token, { email: uniqueEmail(), roles: [ROLES.GUEST] }),
      403,
      'FORBIDDEN',
    );
    expectAppError(await updateMember(member.token, pending.id, payload), 403, 'FORBIDDEN');
    expectAppError(await resend(member.token, pending.id), 403, 'FORBIDDEN');
    expectAppError(await deleteMember(member.token, pending.id), 403, 'FORBIDDEN');
    expect(await members(owner.token)).toHaveLength(3);
  });

  it('keeps each team to itself: an owner cannot see or touch another team', async () => {
    const ownerA = await signUpConfirmed(test);
    const ownerB = await signUpConfirmed(test);
    const { member: memberA, email: emailA } = await invited(ownerA);
    const payload = { firstName: 'X', lastName: 'Y', email: emailA, roles: [ROLES.GUEST] };

    expect((await members(ownerB.token)).map((row) => row.email)).toEqual([ownerB.email]);
    expectAppError(await updateMember(ownerB.token, memberA.id, payload), 404, 'NOT_FOUND');
    expectAppError(await resend(ownerB.token, memberA.id), 404, 'NOT_FOUND');
    expectAppError(await deleteMember(ownerB.token, memberA.id), 404, 'NOT_FOUND');
    expectAppError(await deleteMember(ownerB.token, ownerA.userId), 404, 'NOT_FOUND');

    const { email: emailB } = await invited(ownerB);
    expect((await members(ownerA.token)).map((row) => row.email)).toEqual([ownerA.email, emailA]);
    expect((await members(ownerB.token)).map((row) => row.email)).toEqual([ownerB.email, emailB]);
  });

  it('needs a session', async () => {
    expectAppError(await test.app.inject({ method: 'GET', url: '/api/team' }), 401, 'UNAUTHORIZED');
  });
});
