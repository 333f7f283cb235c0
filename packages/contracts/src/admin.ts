import { z } from 'zod';
import { VALIDATION, ZEmail, ZName } from './common.js';

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

/** The largest value of a PostgreSQL integer column. */
export const INT32_MAX = 2_147_483_647;
/** The dearest price or discount an administrator can set: a million euros, in cents. */
export const MAX_PRICE_CENTS = 100_000_000;

/** An administrator's price for one customer's team, in euro cents. */
export const ZAdminCustomPriceRequest = z.object({
  productId: z.uuid({ error: VALIDATION.invalid }),
  price: z
    .number({ error: VALIDATION.required })
    .int({ error: VALIDATION.invalid })
    .min(50, { error: VALIDATION.invalid })
    .max(MAX_PRICE_CENTS, { error: VALIDATION.invalid }),
  interval: z.enum(['MONTH', 'YEAR'], { error: VALIDATION.required }),
  userId: z.uuid({ error: VALIDATION.invalid }),
  currency: z.literal('eur').default('eur'),
});
export type TAdminCustomPriceRequest = z.input<typeof ZAdminCustomPriceRequest>;

export const ZAdminPrice = z.object({
  priceId: z.string(),
  price: z.number().int(),
  interval: z.enum(['MONTH', 'YEAR', 'ONE_TIME']),
  currency: z.string(),
  /** The team a custom price belongs to; null for the public price. */
  teamId: z.string().nullable(),
});
export type TAdminPrice = z.infer<typeof ZAdminPrice>;

/** A plan as the administrator sells it: the spec's admin product. */
export const ZAdminProduct = z.object({
  productId: z.string(),
  productName: z.string(),
  neuron: z.string(),
  planCode: z.string(),
  prices: z.array(ZAdminPrice),
});
export type TAdminProduct = z.infer<typeof ZAdminProduct>;
export const ZAdminProductsResponse = z.array(ZAdminProduct);

export const ZAdminProductsQuery = z.object({ userId: z.uuid().optional() });

/** A subscription the administrator sets up; the customer pays it with "Go to Pay". */
export const ZAdminSubscriptionRequest = z.object({
  userId: z.uuid({ error: VALIDATION.invalid }),
  priceId: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
  status: z.literal('PENDING').default('PENDING'),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
});
export type TAdminSubscriptionRequest = z.input<typeof ZAdminSubscriptionRequest>;

export const PROMOTION_MAX_MONTHS = 36;

/** A promotion code customers type at checkout: exactly one of percent off or amount off. */
export const ZAdminPromotionCodeRequest = z
  .object({
    code: z
      .string({ error: VALIDATION.required })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{1,64}$/, { error: VALIDATION.invalid }),
    /** Whole percents, as the promotion's integer column holds them. */
    percentOff: z
      .number({ error: VALIDATION.invalid })
      .int({ error: VALIDATION.invalid })
      .min(1, { error: VALIDATION.invalid })
      .max(100, { error: VALIDATION.invalid })
      .optional(),
    /** Cents. */
    amountOff: z
      .number({ error: VALIDATION.invalid })
      .int({ error: VALIDATION.invalid })
      .min(1, { error: VALIDATION.invalid })
      .max(MAX_PRICE_CENTS, { error: VALIDATION.invalid })
      .optional(),
    priceIds: z.array(z.string().min(1)).min(1).optional(),
    expiresAt: z.iso.datetime({ offset: true, error: VALIDATION.invalid }).optional(),
    maxRedemptions: z
      .number({ error: VALIDATION.invalid })
      .int({ error: VALIDATION.invalid })
      .min(1, { error: VALIDATION.invalid })
      .max(INT32_MAX, { error: VALIDATION.invalid })
      .optional(),
    /** Months a subscription keeps the discount; absent, it keeps it for ever. */
    durationMonths: z
      .number({ error: VALIDATION.invalid })
      .int({ error: VALIDATION.invalid })
      .min(1, { error: VALIDATION.invalid })
      .max(PROMOTION_MAX_MONTHS, { error: VALIDATION.invalid })
      .optional(),
  })
  .refine((value) => (value.percentOff === undefined) !== (value.amountOff === undefined), {
    error: VALIDATION.invalid,
    path: ['percentOff'],
  });
export type TAdminPromotionCodeRequest = z.input<typeof ZAdminPromotionCodeRequest>;

export const ZAdminPromotionCode = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().int().nullable(),
  priceIds: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  durationMonths: z.number().int().nullable(),
  timesRedeemed: z.number().int(),
});
export type TAdminPromotionCode = z.infer<typeof ZAdminPromotionCode>;

/** An invoice of a user's team, for the administrator. */
export const ZAdminInvoiceParams = z.object({
  id: z.uuid({ error: VALIDATION.invalid }),
  invoiceId: z.uuid({ error: VALIDATION.invalid }),
});

/**
 * A credit note for a paid invoice: `refund` returns the charge through the payment provider;
 * `canceled` records a charge already returned outside the platform.
 */
export const ZAdminCreditNoteRequest = z.object({
  reason: z.enum(['refund', 'canceled'], { error: VALIDATION.invalid }),
});
export type TAdminCreditNoteRequest = z.infer<typeof ZAdminCreditNoteRequest>;
