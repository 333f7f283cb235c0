import type {
  PaymentMethodType,
  TPaymentMethod,
  TPaymentsConfigResponse,
  TSetupIntentResponse,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { PaymentMethod } from '../../platform/payments/gateway.js';
import { getTeamOwner } from '../users/service.js';
import {
  findCustomer,
  insertCustomer,
  updateDefaultPaymentMethod,
  type CustomerRow,
} from './repository.js';

/** The team's customer at the payment provider, created on first need. */
export async function getOrCreateCustomer(
  deps: Deps,
  options: { teamId: string },
): Promise<CustomerRow> {
  const existing = await findCustomer(deps.db, options.teamId);
  if (existing) return existing;
  const owner = await getTeamOwner(deps.db, options.teamId);
  if (!owner) throw new AppError('NOT_FOUND', { message: 'The team has no owner.' });
  const { id } = await deps.payments.createCustomer({
    email: owner.email,
    name: owner.companyName || `${owner.firstName} ${owner.lastName}`,
    teamId: options.teamId,
  });
  return insertCustomer(deps.db, options.teamId, id);
}

function toPaymentMethod(method: PaymentMethod, customer: CustomerRow): TPaymentMethod {
  return { ...method, isDefault: method.id === customer.defaultPaymentMethodId };
}

export async function listPaymentMethods(
  deps: Deps,
  options: { teamId: string },
): Promise<TPaymentMethod[]> {
  const customer = await getOrCreateCustomer(deps, options);
  const methods = await deps.payments.listPaymentMethods(customer.gatewayCustomerId);
  return methods.map((method) => toPaymentMethod(method, customer));
}

export async function createSetupIntent(
  deps: Deps,
  options: { teamId: string; type: PaymentMethodType },
): Promise<TSetupIntentResponse> {
  const customer = await getOrCreateCustomer(deps, options);
  const intent = await deps.payments.createSetupIntent({
    customerId: customer.gatewayCustomerId,
    type: options.type,
  });
  return {
    id: intent.id,
    clientSecret: intent.clientSecret,
    gateway: deps.payments.publicConfig.kind,
    publishableKey: deps.payments.publicConfig.publishableKey,
  };
}

/**
 * A payment method of the team's own; another customer's is as unknown as a made-up one. A team
 * that is no customer yet has none, and a refused call creates nothing.
 */
export async function requirePaymentMethod(
  deps: Deps,
  options: { teamId: string; paymentMethodId: string },
): Promise<{ customer: CustomerRow; method: PaymentMethod }> {
  const customer = await findCustomer(deps.db, options.teamId);
  const method =
    customer &&
    (await deps.payments.getPaymentMethod(customer.gatewayCustomerId, options.paymentMethodId));
  if (!customer || !method) {
    throw validationError(
      { paymentId: 'validation.invalid' },
      'Choose one of your payment methods.',
    );
  }
  return { customer, method };
}

/** The method renewals are charged to. */
export async function setDefaultPaymentMethod(
  deps: Deps,
  options: { teamId: string; paymentMethodId: string },
): Promise<TPaymentMethod[]> {
  await requirePaymentMethod(deps, options);
  await updateDefaultPaymentMethod(deps.db, options.teamId, options.paymentMethodId);
  return listPaymentMethods(deps, options);
}

export function getPaymentsConfig(deps: Deps): TPaymentsConfigResponse {
  return {
    gateway: deps.payments.publicConfig.kind,
    publishableKey: deps.payments.publicConfig.publishableKey,
    vatRate: deps.config.vatRateBasisPoints / 100,
  };
}
