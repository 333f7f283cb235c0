import { VALIDATION } from '@app/contracts/common';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import es from './es.json';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [nested, text] of flatten(value, path)) keys.set(nested, text);
  }
  return keys;
}

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const KEY_PATTERNS = [
  // t('key'), t("key"), t('key', { … })
  /\bt\(\s*['"]([^'"]+)['"]/g,
  // <Trans i18nKey="key" />
  /i18nKey=["']([^"']+)["']/g,
  // a message key handed over as a value, e.g. setError(…, { message: 'validation.required' })
  /['"]((?:validation|errors)\.[A-Za-z0-9_.]+)['"]/g,
];

function findUsedKeys(): Set<string> {
  const used = new Set<string>(Object.values(VALIDATION));
  for (const source of Object.values(sources)) {
    for (const pattern of KEY_PATTERNS) {
      for (const match of source.matchAll(pattern)) if (match[1]) used.add(match[1]);
    }
  }
  return used;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((match) => match[0]).sort();
}

const english = flatten(enUS);
const spanish = flatten(es);

describe('locale files', () => {
  it('scans the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    expect(findUsedKeys().size).toBeGreaterThan(50);
  });

  it('have the same keys in en-US and es', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...findUsedKeys()].sort())('define %s in both languages', (key) => {
    expect(english.get(key), `en-US lacks ${key}`).toBeTruthy();
    expect(spanish.get(key), `es lacks ${key}`).toBeTruthy();
  });

  it('keep the same placeholders in both languages', () => {
    for (const [key, text] of english) {
      expect(placeholders(spanish.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('carry the spec texts verbatim in en-US', () => {
    expect(english.get('validation.password.mismatch')).toBe(
      'New password and confirm password must be equals',
    );
    expect(english.get('account.security.changed')).toBe('Password changed successfuly');
    expect(english.get('validation.password.illegalSequence')).toBe(
      'Password must not contains sequence of letters or numbers',
    );
  });

  it('carry the team and admin spec texts verbatim in en-US', () => {
    const texts: Record<string, string> = {
      'validation.email.inviteInvalid': 'Invalid email',
      'validation.email.active': 'This email is already active in the platform.',
      'team.inviteMember': 'Invite member',
      'team.pending': 'Pending to confirm',
      'team.resend': 'Resend',
      'team.noResults': 'No results found',
      'team.invite.title': 'Add new member',
      'team.invite.cancel': 'CANCEL',
      'team.invite.submit': 'SEND INVITE',
      'team.edit.title': 'Edit member',
      'team.edit.delete': 'DELETE',
      'team.edit.submit': 'SAVE',
      'team.delete.title': 'Delete member',
      'team.delete.question': 'Are you sure you want to delete this member?',
      'team.delete.confirm': 'YES',
      'auth.invitation.submit': 'Create Account',
      'admin.users.create': 'Create new user',
      'admin.users.activate': 'Activate',
      'admin.register.submit': 'Create',
      'admin.logout': 'Log Out',
    };
    for (const [key, text] of Object.entries(texts)) expect(english.get(key), key).toBe(text);
  });
});
