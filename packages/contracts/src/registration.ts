import { z } from 'zod';
import { VALIDATION, ZName, ZOptionalName, ZPassword } from './common.js';
import { ZCorporateEmail } from './free-mail.js';

export const ZRegisterRequest = z.object({
  email: ZCorporateEmail,
  password: ZPassword,
  firstName: ZName,
  lastName: ZName,
  companyName: ZOptionalName.optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZRegisterResponse = z.object({ email: z.string() });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

/** The sign-up form: the request plus password confirmation and the terms checkbox. */
export const ZSignUpForm = ZRegisterRequest.extend({
  confirmPassword: z.string().min(1, { error: VALIDATION.required }),
  acceptTerms: z.literal(true, { error: VALIDATION.termsRequired }),
}).refine((form) => form.password === form.confirmPassword, {
  error: VALIDATION.passwordMismatch,
  path: ['confirmPassword'],
});
export type TSignUpForm = z.input<typeof ZSignUpForm>;
