import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PASSWORD_PATTERN,
  VALIDATION,
  ZEmail,
  ZName,
  ZNewPassword,
  ZOptionalName,
  ZPassword,
  hasIllegalSequence,
} from './common.js';
import { ZCorporateEmail } from './free-mail.js';

/** The messages (i18n keys) a schema reports for a value; empty when it is accepted. */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const VALID_PASSWORD = 'Bright#Moon42';

describe('PASSWORD_PATTERN and ZPassword', () => {
  it('accepts a password with a digit, a lower and an upper case letter and a special character', () => {
    expect(PASSWORD_PATTERN.test(VALID_PASSWORD)).toBe(true);
    expect(ZPassword.parse(VALID_PASSWORD)).toBe(VALID_PASSWORD);
  });

  it.each([
    ['a digit', 'Bright#Moon'],
    ['a lower case letter', 'BRIGHT#MOON42'],
    ['an upper case letter', 'bright#moon42'],
    ['a special character', 'BrightMoon42'],
  ])('refuses a password without %s', (_missing, password) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(false);
    expect(messagesOf(ZPassword, password)).toEqual([VALIDATION.passwordInvalid]);
  });

  it.each([
    ['a space', 'Bright# Moon42'],
    ['a tab', 'Bright#\tMoon42'],
    ['a leading space', ' Bright#Moon42'],
  ])('refuses a password containing %s', (_whitespace, password) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(false);
    expect(messagesOf(ZPassword, password)).toEqual([VALIDATION.passwordInvalid]);
  });

  it('refuses a password of 7 characters', () => {
    const password = 'Ab1#qwe';
    expect(password).toHaveLength(7);
    expect(messagesOf(ZPassword, password)).toEqual([VALIDATION.passwordInvalid]);
  });

  it('accepts a password of exactly 8 characters', () => {
    const password = 'Ab1#qwer';
    expect(password).toHaveLength(8);
    expect(messagesOf(ZPassword, password)).toEqual([]);
  });

  it('accepts a password of exactly 30 characters', () => {
    const password = `Ab1#${'q'.repeat(26)}`;
    expect(password).toHaveLength(30);
    expect(messagesOf(ZPassword, password)).toEqual([]);
  });

  it('refuses a password of 31 characters', () => {
    const password = `Ab1#${'q'.repeat(27)}`;
    expect(password).toHaveLength(31);
    expect(messagesOf(ZPassword, password)).toEqual([VALIDATION.passwordInvalid]);
  });

  it('reports an empty password as required', () => {
    expect(messagesOf(ZPassword, '')).toContain(VALIDATION.required);
  });

  it('reports a missing password as required', () => {
    expect(messagesOf(ZPassword, undefined)).toEqual([VALIDATION.required]);
  });
});

describe('hasIllegalSequence', () => {
  it.each([
    ['an ascending run of three letters', 'abc'],
    ['a descending run of three upper case letters', 'CBA'],
    ['the last three letters of the alphabet', 'xyz'],
    ['an ascending run of three digits', '123'],
    ['a descending run of three digits', '321'],
    ['a run of mixed case letters', 'aBc'],
    ['a run inside a longer password', 'Pass123!'],
    ['a run at the end of a password', 'Qw#9mnop'],
  ])('finds %s (%s)', (_case, password) => {
    expect(hasIllegalSequence(password)).toBe(true);
  });

  it.each([
    ['890, because 9 to 0 does not ascend', '890'],
    ['zab, because the alphabet does not wrap', 'zab'],
    ['two letters and a digit', 'ab1'],
    ['letters separated by dashes', 'a-b-c'],
    ['a run of only two characters', 'ab'],
    ['a repeated character', 'aaa'],
    ['letters two apart', 'ace'],
    ['an empty string', ''],
    ['a strong password', VALID_PASSWORD],
  ])('finds none in %s', (_case, password) => {
    expect(hasIllegalSequence(password)).toBe(false);
  });
});

describe('ZNewPassword', () => {
  it('accepts a strong password without a sequence', () => {
    expect(ZNewPassword.parse(VALID_PASSWORD)).toBe(VALID_PASSWORD);
  });

  it('refuses a password with an ascending run of three letters', () => {
    expect(messagesOf(ZNewPassword, 'Xabc#927')).toEqual([VALIDATION.passwordIllegalSequence]);
  });

  it('refuses a password with a descending run of three digits', () => {
    expect(messagesOf(ZNewPassword, 'Moon#321x')).toEqual([VALIDATION.passwordIllegalSequence]);
  });

  it('refuses a password that breaks the pattern as invalid', () => {
    expect(messagesOf(ZNewPassword, 'bright#moon42')).toContain(VALIDATION.passwordInvalid);
  });
});

describe('ZEmail', () => {
  it('trims and lower-cases an address', () => {
    expect(ZEmail.parse('  Ana.Garcia@Example.COM ')).toBe('ana.garcia@example.com');
  });

  it.each(['a@b', 'a b@c.com', '@c.com', 'a@b..com', 'a@@b.com', 'plain'])(
    'refuses %j as invalid',
    (email) => {
      expect(messagesOf(ZEmail, email)).toEqual([VALIDATION.emailInvalid]);
    },
  );

  it('reports a blank address as required', () => {
    expect(messagesOf(ZEmail, '   ')).toContain(VALIDATION.required);
  });

  it('refuses an address longer than 254 characters', () => {
    const email = `${'a'.repeat(250)}@b.com`;
    expect(messagesOf(ZEmail, email)).toContain(VALIDATION.tooLong);
  });
});

describe('ZCorporateEmail', () => {
  it.each(['ana@gmail.com', 'ana@hotmail.es', 'ana@yahoo.com'])(
    'refuses the free-mail address %s',
    (email) => {
      expect(messagesOf(ZCorporateEmail, email)).toEqual([VALIDATION.emailNotCorporate]);
    },
  );

  it('refuses a free-mail address written in upper case', () => {
    expect(messagesOf(ZCorporateEmail, 'Ana@GMAIL.COM')).toEqual([VALIDATION.emailNotCorporate]);
  });

  it('accepts an address at a company domain, trimmed and lower-cased', () => {
    expect(ZCorporateEmail.parse('  Ana.Garcia@Acme-Industries.COM ')).toBe(
      'ana.garcia@acme-industries.com',
    );
  });

  it('reports a malformed address as invalid rather than not corporate', () => {
    expect(messagesOf(ZCorporateEmail, 'a@b')).toContain(VALIDATION.emailInvalid);
  });
});

describe('ZName', () => {
  it('refuses a name made only of digits', () => {
    expect(messagesOf(ZName, '123')).toEqual([VALIDATION.onlyLetters]);
  });

  it.each(['José', "O'Neil", 'Ana-María', 'Łukasz'])('accepts %s', (name) => {
    expect(ZName.parse(name)).toBe(name);
  });

  it('trims the name', () => {
    expect(ZName.parse('  Ana  ')).toBe('Ana');
  });

  it('reports a blank name as required', () => {
    expect(messagesOf(ZName, '   ')).toContain(VALIDATION.required);
  });

  it('refuses a name longer than 100 characters', () => {
    expect(messagesOf(ZName, 'a'.repeat(101))).toEqual([VALIDATION.tooLong]);
    expect(messagesOf(ZName, 'a'.repeat(100))).toEqual([]);
  });
});

describe('ZOptionalName', () => {
  it('accepts an empty value', () => {
    expect(ZOptionalName.parse('')).toBe('');
  });

  it('accepts a blank value as empty', () => {
    expect(ZOptionalName.parse('   ')).toBe('');
  });

  it('accepts a company name with digits and a letter', () => {
    expect(ZOptionalName.parse(' Acme 2000 ')).toBe('Acme 2000');
  });

  it('refuses a value without any letter', () => {
    expect(messagesOf(ZOptionalName, '2000')).toEqual([VALIDATION.onlyLetters]);
  });
});
