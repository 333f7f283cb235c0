import type {
  TBillingInfoWithTaxResponse,
  TPaymentMethod,
  TSubscription,
} from '@app/contracts/billing';
import type { TPlan } from '@app/contracts/catalogue';
import type { TCurrentUser } from '@app/contracts/users';

export function buildUser(overrides: Partial<TCurrentUser> = {}): TCurrentUser {
  return {
    id: 'user-1',
    email: 'ana@acme.io',
    pendingEmail: null,
    roles: [5],
    teamId: 'team-1',
    blocked: false,
    dataverseEnabled: false,
    firstName: 'Ana',
    lastName: 'García',
    companyName: 'Acme',
    nif: 'B12345678',
    billingAddress: 'Calle Mayor 1',
    zip: '28001',
    region: 'Madrid',
    country: 'ES',
    defaultPaymentMethod: null,
    photoUrl: null,
    timeZone: 'Europe/Madrid',
    language: 'en-US',
    ...overrides,
  };
}

/** Complete billing details in Spain, taxed at the standard 21 % (the checkout can proceed). */
export function buildBillingInfo(
  overrides: Partial<TBillingInfoWithTaxResponse> = {},
): TBillingInfoWithTaxResponse {
  return {
    companyName: 'Acme',
    nif: 'B12345678',
    billingAddress: 'Calle Mayor 1',
    zip: '28001',
    region: 'Madrid',
    country: 'ES',
    tax: { treatment: 'standard', rate: 21 },
    ...overrides,
  };
}

export function buildPaymentMethod(overrides: Partial<TPaymentMethod> = {}): TPaymentMethod {
  return {
    id: 'pm_visa',
    type: 'card',
    prefix: 'visa',
    last4: '4242',
    bankCode: null,
    expMonth: 4,
    expYear: 2030,
    isDefault: true,
    ...overrides,
  };
}

export function buildSepaMethod(overrides: Partial<TPaymentMethod> = {}): TPaymentMethod {
  return buildPaymentMethod({
    id: 'pm_sepa',
    type: 'sepa_debit',
    prefix: 'ES',
    last4: '1332',
    bankCode: '2100',
    expMonth: null,
    expYear: null,
    isDefault: false,
    ...overrides,
  });
}

export function buildSubscription(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    id: 'sub-1',
    internalId: 'sub-1',
    status: 'ACTIVE',
    serviceName: 'LegalMind',
    neuron: 'LegalMind',
    product: {
      productName: 'LegalMind',
      prices: [
        { interval: 'MONTH', price: 4900 },
        { interval: 'YEAR', price: 47040 },
      ],
    },
    planInfo: { planName: 'Starter' },
    planCode: 'STARTER',
    priceId: 'price_legalmind_starter_month',
    priceCents: 4900,
    interval: 'MONTH',
    imageUrl: '',
    startDate: '2026-03-05T12:00:00.000Z',
    endDate: '2026-04-05T12:00:00.000Z',
    canceledAt: null,
    cancelAtPeriodEnd: false,
    isMicroservice: true,
    scheduledChange: null,
    discount: null,
    paymentIntent: null,
    paymentMethodId: null,
    discountEndsAt: null,
    ...overrides,
  };
}

export function buildPlan(overrides: Partial<TPlan> = {}): TPlan {
  return {
    planId: 'plan-starter',
    planName: 'Starter',
    planDesc: 'For small teams.',
    planCode: 'STARTER',
    planRank: 1,
    planGroup: 'cloud',
    isFree: false,
    isEnterprise: false,
    planPriceMonthly: 4900,
    planPriceYearly: 47040,
    planPriceIdMonthly: 'price_legalmind_starter_month',
    planPriceIdYearly: 'price_legalmind_starter_year',
    planNumRows: null,
    planNumColumns: null,
    planCallsLimitMonthly: 10_000,
    planOutputsLimitMonthly: null,
    planRowsLimitMonthly: null,
    planNumConcurrentJobs: null,
    planNumTables: null,
    planMaxDocumentCharacters: null,
    ...overrides,
  };
}
