import { z } from 'zod';
import { VALIDATION } from './common.js';
import { LANGUAGES } from './languages.js';

export { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, type Language } from './languages.js';

export const ZCurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  /** An address asked for in the profile, not yet confirmed by its mail link; null otherwise. */
  pendingEmail: z.string().nullable(),
  roles: z.array(z.number().int()),
  teamId: z.string(),
  blocked: z.boolean(),
  dataverseEnabled: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  nif: z.string(),
  billingAddress: z.string(),
  zip: z.string(),
  region: z.string(),
  country: z.string(),
  defaultPaymentMethod: z.string().nullable(),
  /** A signed, expiring address of the profile photo, or null without one. */
  photoUrl: z.string().nullable(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** The language mails to this user are written in; the web app sends the UI's choice. */
export const ZUpdateLanguageRequest = z.object({ language: z.enum(LANGUAGES) });
export type TUpdateLanguageRequest = z.infer<typeof ZUpdateLanguageRequest>;

export const PHOTO_MAX_BYTES = 800 * 1024;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png'] as const;
export const PHOTO_FIELD = 'image';

export const ZProfilePhotoResponse = z.object({ url: z.string() });
export type TProfilePhotoResponse = z.infer<typeof ZProfilePhotoResponse>;

export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_BODY_MAX_LENGTH = 5000;

export const ZContactRequest = z.object({
  subject: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, { error: VALIDATION.required })
    .max(SUPPORT_SUBJECT_MAX_LENGTH, { error: VALIDATION.tooLong }),
  body: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, { error: VALIDATION.required })
    .max(SUPPORT_BODY_MAX_LENGTH, { error: VALIDATION.tooLong }),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZHealthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export const ZLiveResponse = z.object({ status: z.literal('ok') });
export const ZReadyResponse = ZHealthResponse.extend({ migrations: z.literal('ok') });

export const ZOutboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(
    z.object({
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      contentBase64: z.string(),
    }),
  ),
  createdAt: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
