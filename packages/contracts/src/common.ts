import { z } from 'zod';

/** i18n keys of validation messages, shared by the server's `fields` and the web forms. */
export const VALIDATION = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  tooLong: 'validation.tooLong',
  emailInvalid: 'validation.email.invalid',
  emailNotCorporate: 'validation.email.notCorporate',
  emailTaken: 'validation.email.taken',
  emailInviteInvalid: 'validation.email.inviteInvalid',
  emailActive: 'validation.email.active',
  emailPending: 'validation.email.pending',
  passwordInvalid: 'validation.password.invalid',
  passwordIllegalSequence: 'validation.password.illegalSequence',
  passwordMismatch: 'validation.password.mismatch',
  passwordWrongOld: 'validation.password.wrongOld',
  onlyLetters: 'validation.name.onlyLetters',
  termsRequired: 'validation.terms.required',
  imageType: 'validation.image.type',
  imageTooLarge: 'validation.image.tooLarge',
  cardNumber: 'validation.card.number',
  cardExpiry: 'validation.card.expiry',
  cardExpired: 'validation.card.expired',
  cardCvc: 'validation.card.cvc',
  ibanInvalid: 'validation.iban.invalid',
  ibanNotSepa: 'validation.iban.notSepa',
  taxIdInvalid: 'validation.taxId.invalid',
  wordFile: 'validation.wordFile.type',
  wordFileUnreadable: 'validation.wordFile.unreadable',
  wordFileEmpty: 'validation.wordFile.empty',
} as const;

/** The kinds of personal data the data profiler flags in a column (its types `pii:<kind>`). */
export const PERSONAL_DATA_KINDS = [
  'email',
  'phone',
  'name',
  'national-id',
  'iban',
  'address',
] as const;
export type TPersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 100;
export const TEXT_MAX_LENGTH = 200;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Digit, lower case, upper case, a special character, no white space, 8 to 30 characters. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\s])\S{8,30}$/;
const LETTER_PATTERN = /\p{L}/u;

/**
 * True when the password holds three or more consecutive ascending or descending letters
 * or digits, such as `abc`, `CBA` or `321`.
 */
export function hasIllegalSequence(password: string): boolean {
  for (let i = 0; i + 2 < password.length; i++) {
    const run = password.slice(i, i + 3).toLowerCase();
    const isDigits = /^\d{3}$/.test(run);
    const isLetters = /^[a-z]{3}$/.test(run);
    if (!isDigits && !isLetters) continue;
    const step = run.charCodeAt(1) - run.charCodeAt(0);
    if ((step === 1 || step === -1) && run.charCodeAt(2) - run.charCodeAt(1) === step) return true;
  }
  return false;
}

export const ZEmail = z
  .string({ error: VALIDATION.required })
  .trim()
  .toLowerCase()
  .min(1, { error: VALIDATION.required })
  .max(254, { error: VALIDATION.tooLong })
  .regex(EMAIL_PATTERN, { error: VALIDATION.emailInvalid });

export const ZPassword = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .regex(PASSWORD_PATTERN, { error: VALIDATION.passwordInvalid });

/** A password being chosen anew (reset, change): the pattern and no illegal sequence. */
export const ZNewPassword = ZPassword.refine((password) => !hasIllegalSequence(password), {
  error: VALIDATION.passwordIllegalSequence,
});

export const ZName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required })
  .max(NAME_MAX_LENGTH, { error: VALIDATION.tooLong })
  .regex(LETTER_PATTERN, { error: VALIDATION.onlyLetters });

/** Optional text that, when given, must contain a letter (company names). */
export const ZOptionalName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, { error: VALIDATION.tooLong })
  .refine((value) => value === '' || LETTER_PATTERN.test(value), { error: VALIDATION.onlyLetters });

export const ZOptionalText = z.string().trim().max(TEXT_MAX_LENGTH, { error: VALIDATION.tooLong });

export const ZToken = z.string().trim().min(16).max(200);

/** Path parameters of a resource addressed by its id. */
export const ZIdParams = z.object({ id: z.uuid({ error: VALIDATION.invalid }) });
