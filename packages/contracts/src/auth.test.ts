import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZResetPasswordForm, ZUpdatePasswordForm } from './auth.js';
import { ZSignUpForm } from './registration.js';
import { VALIDATION } from './common.js';
import { pickLanguage } from './users.js';

/** Each issue as `path: message`, so a test sees both where and what. */
function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const PASSWORD = 'Bright#Moon42';

const signUp = {
  email: 'Ana.Garcia@Acme-Industries.com',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  firstName: 'Ana',
  lastName: 'García',
  companyName: 'Acme',
  acceptTerms: true,
};

describe('ZSignUpForm', () => {
  it('accepts a complete form and normalises the email', () => {
    const form = ZSignUpForm.parse(signUp);
    expect(form.email).toBe('ana.garcia@acme-industries.com');
    expect(form.acceptTerms).toBe(true);
  });

  it('accepts a form without a company name', () => {
    expect(issuesOf(ZSignUpForm, { ...signUp, companyName: undefined })).toEqual([]);
  });

  it('refuses a confirmation that differs from the password, on confirmPassword', () => {
    expect(issuesOf(ZSignUpForm, { ...signUp, confirmPassword: 'Bright#Moon43' })).toEqual([
      `confirmPassword: ${VALIDATION.passwordMismatch}`,
    ]);
  });

  it('refuses the form when the terms are not ticked', () => {
    expect(issuesOf(ZSignUpForm, { ...signUp, acceptTerms: false })).toEqual([
      `acceptTerms: ${VALIDATION.termsRequired}`,
    ]);
  });

  it('refuses the form when the terms field is missing', () => {
    expect(issuesOf(ZSignUpForm, { ...signUp, acceptTerms: undefined })).toEqual([
      `acceptTerms: ${VALIDATION.termsRequired}`,
    ]);
  });

  it('refuses a free-mail address on email', () => {
    expect(issuesOf(ZSignUpForm, { ...signUp, email: 'ana@gmail.com' })).toEqual([
      `email: ${VALIDATION.emailNotCorporate}`,
    ]);
  });

  it('refuses a weak password on password', () => {
    expect(
      issuesOf(ZSignUpForm, { ...signUp, password: 'weakpass', confirmPassword: 'weakpass' }),
    ).toEqual([`password: ${VALIDATION.passwordInvalid}`]);
  });

  it('refuses an empty confirmation as required', () => {
    expect(issuesOf(ZSignUpForm, { ...signUp, confirmPassword: '' })).toContain(
      `confirmPassword: ${VALIDATION.required}`,
    );
  });

  it('refuses a first name without letters', () => {
    expect(issuesOf(ZSignUpForm, { ...signUp, firstName: '42' })).toEqual([
      `firstName: ${VALIDATION.onlyLetters}`,
    ]);
  });
});

describe('ZUpdatePasswordForm', () => {
  const update = { oldPassword: 'anything', password: PASSWORD, confirmPassword: PASSWORD };

  it('accepts a new password confirmed and any old password', () => {
    expect(ZUpdatePasswordForm.parse(update)).toEqual(update);
  });

  it('refuses an empty old password as required', () => {
    expect(issuesOf(ZUpdatePasswordForm, { ...update, oldPassword: '' })).toEqual([
      `oldPassword: ${VALIDATION.required}`,
    ]);
  });

  it('refuses a new password with an illegal sequence', () => {
    const password = 'Moon#123x';
    expect(
      issuesOf(ZUpdatePasswordForm, { ...update, password, confirmPassword: password }),
    ).toEqual([`password: ${VALIDATION.passwordIllegalSequence}`]);
  });

  it('refuses a confirmation that differs from the new password, on confirmPassword', () => {
    expect(issuesOf(ZUpdatePasswordForm, { ...update, confirmPassword: 'Bright#Moon4' })).toEqual([
      `confirmPassword: ${VALIDATION.passwordMismatch}`,
    ]);
  });
});

describe('ZResetPasswordForm', () => {
  const reset = { password: PASSWORD, confirmPassword: PASSWORD };

  it('accepts a strong password confirmed', () => {
    expect(ZResetPasswordForm.parse(reset)).toEqual(reset);
  });

  it('refuses a password without an upper case letter', () => {
    const password = 'nouppercase1#';
    expect(issuesOf(ZResetPasswordForm, { password, confirmPassword: password })).toEqual([
      `password: ${VALIDATION.passwordInvalid}`,
    ]);
  });

  it('refuses a password with a descending run of letters', () => {
    const password = 'Zyx#2580q';
    expect(issuesOf(ZResetPasswordForm, { password, confirmPassword: password })).toEqual([
      `password: ${VALIDATION.passwordIllegalSequence}`,
    ]);
  });

  it('refuses a confirmation that differs from the password, on confirmPassword', () => {
    expect(issuesOf(ZResetPasswordForm, { ...reset, confirmPassword: `${PASSWORD}!` })).toEqual([
      `confirmPassword: ${VALIDATION.passwordMismatch}`,
    ]);
  });
});

describe('pickLanguage', () => {
  it('picks Spanish for a Spanish Accept-Language header', () => {
    expect(pickLanguage('es-ES,es;q=0.9')).toBe('es');
  });

  it('picks Spanish for a bare upper-case tag', () => {
    expect(pickLanguage('ES')).toBe('es');
  });

  it('falls back to en-US for British English', () => {
    expect(pickLanguage('en-GB')).toBe('en-US');
  });

  it('takes the first supported language of the list', () => {
    expect(pickLanguage('fr-FR,es;q=0.8,en;q=0.5')).toBe('es');
    expect(pickLanguage('de,en-US;q=0.7,es;q=0.3')).toBe('en-US');
  });

  it('falls back to en-US for an unsupported language', () => {
    expect(pickLanguage('fr-FR')).toBe('en-US');
  });

  it('falls back to en-US without a header', () => {
    expect(pickLanguage(undefined)).toBe('en-US');
    expect(pickLanguage('')).toBe('en-US');
  });
});
