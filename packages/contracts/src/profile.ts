import { z } from 'zod';
import { ZName, ZOptionalName, ZOptionalText } from './common.js';
import { ZOptionalCountryCode } from './countries.js';
import { ZCorporateEmail } from './free-mail.js';

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
