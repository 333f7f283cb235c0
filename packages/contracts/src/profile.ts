import { z } from 'zod';
import { ZName, ZOptionalName, ZOptionalText } from './common.js';
import { ZOptionalCountryCode } from './countries.js';
import { ZCorporateEmail } from './free-mail.js';

/** A new email takes effect only through the link mailed to it, valid this long. */
export const EMAIL_CHANGE_TOKEN_TTL_HOURS = 24;

/**
 * `email` differing from the current one (case aside) does not change it: it is stored as
 * pending and a confirmation link is mailed to it. The other fields are saved at once.
 */
export const ZUpdateUserRequest = z.object({
  firstName: ZName,
  lastName: ZName,
  email: ZCorporateEmail,
  companyName: ZOptionalName,
  nif: ZOptionalText,
  billingAddress: ZOptionalText,
  zip: ZOptionalText,
  region: ZOptionalText,
  country: ZOptionalCountryCode,
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;
