import { z } from 'zod';
import { VALIDATION, ZName, ZOptionalText } from './common.js';
import { ZPlan } from './catalogue.js';
import { ZCountryCode } from './countries.js';
import { TAX_TREATMENTS, isTaxIdValidFor } from './tax.js';
import { ZCurrentUser } from './users.js';

/** The card number's check digit (ISO/IEC 7812), as the gateway checks it. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const PAYMENT_METHOD_TYPES = ['card', 'sepa_debit'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const ZPaymentMethod = z.object({
  id: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  /** The card brand, or the IBAN's country. */
  prefix: z.string(),
  last4: z.string(),
  bankCode: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  isDefault: z.boolean(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
export const ZPaymentMethodsResponse = z.array(ZPaymentMethod);

export const ZPaymentMethodTypeParams = z.object({ type: z.enum(PAYMENT_METHOD_TYPES) });

/** A setup intent the browser completes to save a card or an IBAN. */
export const ZSetupIntentResponse = z.object({
  id: z.string(),
  clientSecret: z.string(),
  gateway: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type TSetupIntentResponse = z.infer<typeof ZSetupIntentResponse>;

export const ZDefaultPaymentRequest = z.object({
  paymentId: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
});

export const SUBSCRIPTION_STATUSES = [
  'ACTIVE',
  'INCOMPLETE',
  'INCOMPLETE_EXPIRED',
  'PENDING',
  'PROCESSING',
  'CANCELED',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An INCOMPLETE subscription that is not paid within this time expires. */
export const INCOMPLETE_EXPIRY_HOURS = 23;
export const COUPON_MAX_LENGTH = 64;

export const ZPaymentIntentSummary = z.object({
  status: z.string(),
  clientSecret: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  /** Where to authenticate a card (3-D Secure) when the status is requires_action. */
  nextActionUrl: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TPaymentIntentSummary = z.infer<typeof ZPaymentIntentSummary>;

/** The spec's Subscription entity. Money in cents. */
export const ZSubscription = z.object({
  id: z.string(),
  internalId: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  serviceName: z.string(),
  neuron: z.string(),
  product: z.object({
    productName: z.string(),
    prices: z.array(z.object({ interval: z.enum(['MONTH', 'YEAR']), price: z.number().int() })),
  }),
  planInfo: z.object({ planName: z.string() }),
  planCode: z.string(),
  priceId: z.string().nullable(),
  /** The subscription's own price in cents (an administrator's custom price included). */
  priceCents: z.number().int().nullable(),
  interval: z.enum(['MONTH', 'YEAR']).nullable(),
  imageUrl: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  canceledAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  isMicroservice: z.boolean(),
  /** A downgrade that takes effect at the end of the period. */
  scheduledChange: z
    .object({
      planCode: z.string(),
      planName: z.string(),
      priceId: z.string(),
      startsAt: z.string(),
    })
    .nullable(),
  discount: z
    .object({ amountOff: z.number().int().nullable(), percentOff: z.number().nullable() })
    .nullable(),
  paymentIntent: ZPaymentIntentSummary.nullable(),
  /** The method that last paid it, which renewals are charged to; null before any payment. */
  paymentMethodId: z.string().nullable(),
  /** When a discount bought for a number of months stops applying; null for ever. */
  discountEndsAt: z.string().nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionsResponse = z.array(ZSubscription);

export const ZCurrentPlanResponse = z.object({
  currentPlan: ZPlan.nullable(),
  currentSubscription: ZSubscription.nullable(),
});
export type TCurrentPlanResponse = z.infer<typeof ZCurrentPlanResponse>;

/**
 * What any member of the team needs to use a neuron: whether the team has an active
 * subscription to it, and that plan's limits (none of the billing details).
 */
export const ZNeuronAccessResponse = z.object({
  isSubscribed: z.boolean(),
  plan: ZPlan.nullable(),
});
export type TNeuronAccessResponse = z.infer<typeof ZNeuronAccessResponse>;

const ZPromotionCodeField = z
  .string()
  .trim()
  .min(1, { error: VALIDATION.required })
  .max(COUPON_MAX_LENGTH, { error: VALIDATION.tooLong });

/** A new subscription (POST). */
export const ZSubscribeRequest = z.object({
  priceId: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
  planCode: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
  paymentId: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
  promotionCode: ZPromotionCodeField.optional(),
});
export type TSubscribeRequest = z.infer<typeof ZSubscribeRequest>;

/** A plan change (PUT) of the live subscription `internalId`. */
export const ZChangePlanRequest = ZSubscribeRequest.extend({ internalId: z.string().optional() });
export type TChangePlanRequest = z.infer<typeof ZChangePlanRequest>;

/** What a plan change would do, asked before confirming it. */
export const ZPlanChangePreviewRequest = ZChangePlanRequest.omit({
  paymentId: true,
  promotionCode: true,
});
export type TPlanChangePreviewRequest = z.infer<typeof ZPlanChangePreviewRequest>;

/**
 * An upgrade is charged now (the prorated difference, tax included; 0 below the smallest
 * charge) and its price applies at once; a downgrade charges nothing now and its price applies
 * from the end of the period. Money in cents.
 */
export const ZPlanChangePreview = z.object({
  change: z.enum(['UPGRADE', 'DOWNGRADE']),
  chargeNow: z.object({
    subtotal: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
  }),
  newPriceCents: z.number().int(),
  interval: z.enum(['MONTH', 'YEAR']),
  appliesFrom: z.string(),
});
export type TPlanChangePreview = z.infer<typeof ZPlanChangePreview>;

export const ZSubscribeResponse = z.object({
  subscription: ZSubscription,
  clientSecret: z.string().nullable(),
  /** The payment intent's status, or null when nothing was charged (a downgrade). */
  paymentStatus: z.string().nullable(),
});
export type TSubscribeResponse = z.infer<typeof ZSubscribeResponse>;

export const ZPaySubscriptionRequest = z.object({
  paymentId: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
});

/**
 * The price id a one-time sale (a dataset purchase) checks a promotion code against: it names
 * no price, so only the codes valid for every price apply to it.
 */
export const ONE_TIME_PRICE_ID = 'one-time';

export const ZPromotionCodeParams = z.object({ code: ZPromotionCodeField });
export const ZPromotionCodeRequest = z.object({
  priceId: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }),
});
export const ZPromotionCodeResponse = z.object({
  id: z.string(),
  code: z.string(),
  coupon: z.object({ amountOff: z.number().int().nullable(), percentOff: z.number().nullable() }),
});
export type TPromotionCodeResponse = z.infer<typeof ZPromotionCodeResponse>;

/** Applies a coupon as spec section 9 says: amount off subtracted, or percent off, to the cent. */
export function discountedCents(
  amountCents: number,
  coupon: { amountOff: number | null; percentOff: number | null } | null,
): number {
  if (!coupon) return amountCents;
  if (coupon.amountOff !== null) return Math.max(0, amountCents - coupon.amountOff);
  if (coupon.percentOff !== null) return Math.round(amountCents * (1 - coupon.percentOff / 100));
  return amountCents;
}

export type TOrderTotals = { subtotal: number; discount: number; vat: number; total: number };

/** What an order or invoice comes to, in cents: the coupon first, then VAT on the rest. */
export function orderTotals(options: {
  subtotalCents: number;
  coupon: { amountOff: number | null; percentOff: number | null } | null;
  vatRatePercent: number;
}): TOrderTotals {
  const subtotal = options.subtotalCents;
  const discount = subtotal - discountedCents(subtotal, options.coupon);
  const vat = Math.round(((subtotal - discount) * options.vatRatePercent) / 100);
  return { subtotal, discount, vat, total: subtotal - discount + vat };
}

/** What the browser needs before taking a payment. */
export const ZPaymentsConfigResponse = z.object({
  gateway: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
  /** VAT added to every invoice, in percent. */
  vatRate: z.number(),
});
export type TPaymentsConfigResponse = z.infer<typeof ZPaymentsConfigResponse>;

export const ZInvoice = z.object({
  id: z.string(),
  status: z.string(),
  /** `F-2026-000042` (an invoice) or `R-2026-000003` (a credit note); null until paid. */
  number: z.string().nullable(),
  kind: z.enum(['invoice', 'credit_note']),
  /** The number of the invoice a credit note corrects. */
  corrects: z.string().nullable(),
  /** Cents, tax included. */
  total: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  taxRate: z.number(),
  taxTreatment: z.enum(TAX_TREATMENTS),
  created: z.string(),
  /** When it was numbered (its issue date); null until paid. */
  issued: z.string().nullable(),
  periodEnd: z.string(),
  hostedInvoiceUrl: z.string(),
  invoicePdf: z.string(),
  lines: z.object({
    data: z.array(
      z.object({ description: z.string(), type: z.string(), amount: z.number().int() }),
    ),
  }),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoicesResponse = z.array(ZInvoice);

const ZRequiredText = ZOptionalText.pipe(z.string().min(1, { error: VALIDATION.required }));

/**
 * The team's billing details: every field is needed before paying (spec section 5). In the EU
 * the VAT/NIF must have the country's VAT number format (see `isTaxIdValidFor`).
 */
export const ZBillingInfo = z
  .object({
    companyName: ZName,
    nif: ZRequiredText,
    billingAddress: ZRequiredText,
    zip: ZRequiredText,
    region: ZRequiredText,
    country: ZCountryCode,
  })
  .superRefine((info, context) => {
    if (info.nif !== '' && !isTaxIdValidFor(info.country, info.nif)) {
      context.addIssue({ code: 'custom', path: ['nif'], message: VALIDATION.taxIdInvalid });
    }
  });
export type TBillingInfo = z.infer<typeof ZBillingInfo>;

/** A neuron's API access token and where the API is. */
export const ZAccessTokenResponse = z.object({ token: z.string(), microserviceUrl: z.string() });
export type TAccessTokenResponse = z.infer<typeof ZAccessTokenResponse>;

/** The stored details as they are: the profile may hold values the billing form still needs. */
export const ZBillingInfoResponse = ZCurrentUser.pick({
  companyName: true,
  nif: true,
  billingAddress: true,
  zip: true,
  region: true,
  country: true,
});
export type TBillingInfoResponse = z.infer<typeof ZBillingInfoResponse>;

/** How the team's invoices are taxed with these details: the checkout's totals use it. */
export const ZTaxInfo = z.object({
  treatment: z.enum(TAX_TREATMENTS),
  /** Percent: the configured IVA rate, or 0 for reverse charge and export. */
  rate: z.number(),
});
export type TTaxInfo = z.infer<typeof ZTaxInfo>;
export const ZBillingInfoWithTaxResponse = ZBillingInfoResponse.extend({ tax: ZTaxInfo });
export type TBillingInfoWithTaxResponse = z.infer<typeof ZBillingInfoWithTaxResponse>;
