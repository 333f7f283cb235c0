import { expect, test, type Page } from '@playwright/test';
import { linkFromMail, uniqueEmail } from './support/outbox';
import { PASSWORD, signIn, signOut, signUpConfirmed } from './support/pages';

const COLLEAGUE_PASSWORD = 'Green#Field73';

async function openTeamTab(page: Page): Promise<void> {
  await page.goto('/account/team');
  await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();
}

async function inviteMember(page: Page, email: string, role: 'Admin' | 'Guest'): Promise<void> {
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new member' });
  const send = dialog.getByRole('button', { name: 'SEND INVITE' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Email').blur();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: role }).click();
  await send.click();
  await expect(dialog.getByText(`The invitation has been sent to ${email}.`)).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await dialog.getByRole('button', { name: 'CANCEL' }).click();
}

test('the owner invites a colleague, who confirms from the mail and joins the same team', async ({
  page,
}) => {
  const ownerEmail = uniqueEmail('owner');
  const colleagueEmail = uniqueEmail('colleague');
  await signUpConfirmed(page, { email: ownerEmail, firstName: 'Olga', lastName: 'Owner' });

  await openTeamTab(page);
  await inviteMember(page, colleagueEmail, 'Admin');
  const row = page.getByRole('row', { name: new RegExp(colleagueEmail) });
  await expect(row.getByText('Pending to confirm')).toBeVisible();

  // Inviting someone already active in the platform shows the hint.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new member' });
  await dialog.getByLabel('Email').fill(ownerEmail);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Guest' }).click();
  await dialog.getByRole('button', { name: 'SEND INVITE' }).click();
  await expect(dialog.getByText('This email is already active in the platform.')).toBeVisible();
  await dialog.getByRole('button', { name: 'CANCEL' }).click();
  await signOut(page);

  const invitationPath = await linkFromMail(page.request, {
    to: colleagueEmail,
    subject: /invited you to their team/,
    route: 'invitation_confirm',
  });
  await page.goto(invitationPath);
  await page.getByLabel('First name').fill('Carla');
  await page.getByLabel('Last name').fill('Colleague');
  await page.getByLabel('Password', { exact: true }).fill(COLLEAGUE_PASSWORD);
  await page.getByLabel('Confirm password').fill('Other#Field73');
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await page.getByLabel('I accept the terms of service').check();
  await create.click();
  await expect(page.getByText('New password and confirm password must be equals')).toBeVisible();
  await page.getByLabel('Confirm password').fill(COLLEAGUE_PASSWORD);
  await create.click();
  await expect(page).toHaveURL(/\/home$/);

  // The colleague is an Admin member: the Team tab is not theirs.
  await page.goto('/account/profile');
  await expect(page.getByRole('tab', { name: 'Team' })).toBeDisabled();
  await signOut(page);

  // The owner now sees the colleague as a confirmed member of the same team.
  await signIn(page, ownerEmail, PASSWORD);
  await openTeamTab(page);
  const joined = page.getByRole('row', { name: new RegExp(colleagueEmail) });
  await expect(joined.getByText('Carla Colleague')).toBeVisible();
  await expect(joined.getByText('Pending to confirm')).toHaveCount(0);
  await signOut(page);

  await signIn(page, colleagueEmail, COLLEAGUE_PASSWORD);
});

test('the owner edits a member and deletes them', async ({ page }) => {
  const ownerEmail = uniqueEmail('owner');
  const memberEmail = uniqueEmail('member');
  await signUpConfirmed(page, { email: ownerEmail, firstName: 'Olga', lastName: 'Owner' });
  await openTeamTab(page);
  await inviteMember(page, memberEmail, 'Guest');

  // No edit icon on the owner's own row.
  await expect(page.getByRole('button', { name: `Edit ${ownerEmail}` })).toHaveCount(0);

  await page.getByRole('button', { name: `Edit ${memberEmail}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit member' });
  await expect(edit.getByLabel('Email')).toHaveAttribute('readonly');
  await edit.getByLabel('First name').fill('Gustavo');
  await edit.getByLabel('Last name').fill('Guest');
  await edit.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await edit.getByRole('button', { name: 'SAVE' }).click();
  await expect(edit).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(memberEmail) });
  await expect(row.getByText('Gustavo Guest')).toBeVisible();
  await expect(row.getByText('Admin')).toBeVisible();

  await page.getByRole('button', { name: `Edit ${memberEmail}` }).click();
  await page
    .getByRole('dialog', { name: 'Edit member' })
    .getByRole('button', { name: 'DELETE' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete member' });
  await expect(confirm.getByText('Are you sure you want to delete this member?')).toBeVisible();
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByRole('row', { name: new RegExp(memberEmail) })).toHaveCount(0);

  // The deleted invitation no longer opens an account.
  const invitationPath = await linkFromMail(page.request, {
    to: memberEmail,
    subject: /invited you to their team/,
    route: 'invitation_confirm',
  });
  await signOut(page);
  await page.goto(invitationPath);
  await page.getByLabel('First name').fill('Gustavo');
  await page.getByLabel('Last name').fill('Guest');
  await page.getByLabel('Password', { exact: true }).fill(COLLEAGUE_PASSWORD);
  await page.getByLabel('Confirm password').fill(COLLEAGUE_PASSWORD);
  await page.getByLabel('I accept the terms of service').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(/This invitation is not valid/)).toBeVisible();
});
