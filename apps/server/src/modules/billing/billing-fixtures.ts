import { ROLES, type TSubscribeResponse, type TSubscription } from '@app/contracts';
import { expect } from 'vitest';
import { promotionCodes } from '../../db/schema/index.js';
import {
  STRONG_PASSWORD,
  bearer,
  linkToken,
  uniqueEmail,
  type TestApp,
} from '../../test/test-app.js';
import { ensurePlatformAdmin } from '../admin/service.js';
import { priceId } from '../catalogue/seed.js';

export const CARDS = {
  visa: '4242424242424242',
  threeDSecure: '4000002500003155',
  declined: '4000000000009995',
  cardDeclined: '4000000000000002',
} as const;
export const IBANS = {
  settles: 'ES9121000418450200051332',
  fails: 'AT861904300235473202',
} as const;

export const LEGAL_BASIC_MONTH = priceId('LegalMind', 'BASIC', 'MONTH');
export const LEGAL_PRO_MONTH = priceId('LegalMind', 'PRO', 'MONTH');

/** Saves a card or an IBAN through the sandbox's setup intent, as the web form does. */
/** The team's one subscription, as the subscriptions page reads it. */
export async function onlySubscription(test: TestApp, token: string): Promise<TSubscription> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/user/subscriptions',
    headers: bearer(token),
  });
  const [subscription] = response.json<TSubscription[]>();
  if (!subscription) throw new Error('no subscription');
  return subscription;
}

export async function addPaymentMethod(
  test: TestApp,
  token: string,
  details: { card: string } | { iban: string },
): Promise<string> {
  const type = 'card' in details ? 'card' : 'sepa_debit';
  const intent = await test.app.inject({
    method: 'POST',
    url: `/api/payments/intent/${type}`,
    headers: bearer(token),
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const body =
    'card' in details
      ? { card: { number: details.card, expMonth: 12, expYear: 2040, cvc: '123' } }
      : { sepa: { iban: details.iban, accountHolderName: 'Ana García', email: 'ana@acme.com' } };
  const confirm = await test.app.inject({
    method: 'POST',
    url: `/api/sandbox/setup_intents/${intent.json<{ id: string }>().id}/confirm`,
    headers: bearer(token),
    payload: body,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return confirm.json<{ paymentMethodId: string }>().paymentMethodId;
}

export function subscribe(
  test: TestApp,
  token: string,
  payload: { priceId: string; planCode: string; paymentId: string; promotionCode?: string },
  neuron = 'LegalMind',
) {
  return test.app.inject({
    method: 'POST',
    url: `/api/microservice/subscribe/${neuron}`,
    headers: bearer(token),
    payload,
  });
}

/** Subscribes the team to LegalMind's Basic plan with a new card; the answer must be 200. */
export async function subscribeLegalBasic(
  test: TestApp,
  token: string,
  card: string = CARDS.visa,
): Promise<TSubscribeResponse & { paymentId: string }> {
  const paymentId = await addPaymentMethod(test, token, { card });
  const response = await subscribe(test, token, {
    priceId: LEGAL_BASIC_MONTH,
    planCode: 'BASIC',
    paymentId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...response.json<TSubscribeResponse>(), paymentId };
}

export async function addPromotionCode(
  test: TestApp,
  values: Partial<typeof promotionCodes.$inferInsert> & { code: string },
): Promise<void> {
  await test.app.deps.db.insert(promotionCodes).values(values);
}

/** An owner's team member with a role, signed in. */
export async function teamMember(
  test: TestApp,
  ownerToken: string,
  role: typeof ROLES.ADMIN | typeof ROLES.GUEST,
): Promise<string> {
  const email = uniqueEmail('member');
  const invite = await test.app.inject({
    method: 'POST',
    url: '/api/team/invite',
    headers: bearer(ownerToken),
    payload: { email, roles: [role] },
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const mail = (await test.outbox()).find((message) => message.to === email);
  if (!mail) throw new Error(`no invitation mail for ${email}`);
  const accept = await test.app.inject({
    method: 'POST',
    url: `/api/team/registration/${linkToken(mail, 'invitation_confirm')}`,
    payload: { password: STRONG_PASSWORD, firstName: 'Mia', lastName: 'Member' },
  });
  return accept.json<{ token: string }>().token;
}

/**
 * An ACTIVE LegalMind Basic subscription paid with the 3-D Secure card after its challenge:
 * a charge of it off-session (a renewal, a retry) is declined, as nobody can authenticate.
 */
export async function activeWithThreeDSecure(
  test: TestApp,
  token: string,
): Promise<TSubscribeResponse & { paymentId: string }> {
  const pending = await subscribeLegalBasic(test, token, CARDS.threeDSecure);
  const intentId = /\/sandbox\/challenge\/(\w+)/.exec(
    pending.subscription.paymentIntent?.nextActionUrl ?? '',
  )?.[1];
  const challenge = await test.app.inject({
    method: 'POST',
    url: `/api/sandbox/payment_intents/${intentId ?? ''}/challenge`,
    headers: bearer(token),
    payload: { outcome: 'succeed' },
  });
  expect(challenge.statusCode, challenge.body).toBe(200);
  await test.app.deps.jobs.runDue();
  return pending;
}

const ADMIN = { email: 'root@neuron-platform.test', password: 'Admin#Pass97' };

/** The platform administrator, signed in. */
export async function adminToken(test: TestApp): Promise<string> {
  await ensurePlatformAdmin(test.app.deps.db, ADMIN);
  const login = await test.app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
  return login.json<{ token: string }>().token;
}
