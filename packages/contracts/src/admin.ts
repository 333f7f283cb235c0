import { z } from 'zod';
import { ZEmail, ZName } from './common.js';

export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

export const ZAdminUsersQuery = z.object({
  /** Zero-based. */
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_USERS_MAX_PAGE_SIZE)
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  roles: z.array(z.number().int()),
  teamId: z.string(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersResponse = z.object({
  items: z.array(ZAdminUser),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

/** The administrator creates a customer: their own team, and a mail to choose a password. */
export const ZAdminRegisterUserRequest = z.object({
  email: ZEmail,
  firstName: ZName,
  lastName: ZName,
  enabled: z.boolean().default(true),
});
export type TAdminRegisterUserRequest = z.input<typeof ZAdminRegisterUserRequest>;

/** How long the administrator's "choose your password" link lives. */
export const SET_PASSWORD_TOKEN_TTL_HOURS = 7 * 24;
