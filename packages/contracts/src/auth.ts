import { z } from 'zod';
import { VALIDATION, ZEmail, ZNewPassword, ZToken } from './common.js';
import { ZCurrentUser } from './users.js';

/** Confirmation mails: the first send counts as 1; a resend is allowed while below this. */
export const MAX_CONFIRMATION_SENDS = 3;
export const CONFIRMATION_TOKEN_TTL_HOURS = 48;
export const RESET_TOKEN_TTL_HOURS = 2;

/** Header a client sends on registration to say which app it is. */
export const APP_ID_HEADER = 'x-app-id';
export const APP_IDS = ['web'] as const;

export const ZLoginRequest = z.object({
  email: ZEmail,
  // The login password is not pattern-checked (spec section 5).
  password: z.string().min(1, { error: VALIDATION.required }).max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Login and registration confirmation answer with the session: a JWT and the user. */
export const ZSessionResponse = z.object({
  token: z.string(),
  user: ZCurrentUser,
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZResendConfirmationRequest = z.object({ email: ZEmail });
export type TResendConfirmationRequest = z.infer<typeof ZResendConfirmationRequest>;

export const ZTokenParams = z.object({ token: ZToken });

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({ token: ZToken, password: ZNewPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZResetPasswordForm = z
  .object({
    password: ZNewPassword,
    confirmPassword: z.string().min(1, { error: VALIDATION.required }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

export const ZUpdatePasswordRequest = z.object({
  oldPassword: z.string().min(1, { error: VALIDATION.required }).max(200),
  password: ZNewPassword,
});
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;

/** A password change ends other sessions; this one continues with the new token. */
export const ZUpdatePasswordResponse = z.object({ token: z.string() });
export type TUpdatePasswordResponse = z.infer<typeof ZUpdatePasswordResponse>;

export const ZUpdatePasswordForm = ZUpdatePasswordRequest.extend({
  confirmPassword: z.string().min(1, { error: VALIDATION.required }),
}).refine((form) => form.password === form.confirmPassword, {
  error: VALIDATION.passwordMismatch,
  path: ['confirmPassword'],
});
export type TUpdatePasswordForm = z.infer<typeof ZUpdatePasswordForm>;
