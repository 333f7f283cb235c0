import type { TOutboxMessage, TSubscribeResponse, TSubscription } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { invoices, jobs } from '../../db/schema/index.js';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { priceId } from '../catalogue/seed.js';
import {
  CARDS,
  IBANS,
  activeWithThreeDSecure,
  addPaymentMethod,
  addPromotionCode,
  onlySubscription,
  subscribe,
} from './billing-fixtures.js';
import { sendPaymentReceipt } from './billing-jobs.js';
import { RETRY_RENEWAL_JOB } from './dunning.js';
import { retryRenewal } from './renewals.js';
import { findTeamOfSubscription, updateSubscription } from './repository.js';

// Sessions outlive the months these tests move through.
const test = useTestApp({ JWT_TTL_HOURS: '100000' });
const DAY = 86_400_000;

/** Moves the clock to `at` and runs what is due. */
async function runAt(at: Date): Promise<void> {
  test.clock.set(at);
  await test.app.deps.jobs.runDue();
}

async function mailsTo(email: string): Promise<TOutboxMessage[]> {
  return (await test.outbox()).filter((message) => message.to === email);
}

/** A subscription whose renewal was just refused: its card needs 3-D Secure off-session. */
async function refusedRenewal(token: string): Promise<{ renewedAt: Date; id: string }> {
  const { subscription } = await activeWithThreeDSecure(test, token);
  const renewedAt = new Date(new Date(subscription.endDate).getTime() + 1000);
  await runAt(renewedAt);
  return { renewedAt, id: subscription.id };
}

/** A new subscription to LegalMind Basic paid with a new 4242 card. */
async function subscribedWithCard(
  token: string,
  options: { interval: 'MONTH' | 'YEAR'; promotionCode?: string },
): Promise<TSubscription> {
  const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
  const response = await subscribe(test, token, {
    priceId: priceId('LegalMind', 'BASIC', options.interval),
    planCode: 'BASIC',
    paymentId,
    ...(options.promotionCode ? { promotionCode: options.promotionCode } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TSubscribeResponse>().subscription;
}

/** A plan change (PUT) paid with the team's first payment method. */
async function changePlan(
  token: string,
  request: { priceId: string; planCode: string; internalId: string },
) {
  const methods = await test.app.inject({
    method: 'GET',
    url: '/api/payments/payment_methods',
    headers: bearer(token),
  });
  const paymentId = methods.json<{ id: string }[]>()[0]?.id;
  return test.app.inject({
    method: 'PUT',
    url: '/api/microservice/subscribe/LegalMind',
    headers: bearer(token),
    payload: { ...request, paymentId },
  });
}

function daysAfter(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY + 1000);
}

describe('a renewal that cannot be charged', () => {
  it('is retried after 1, 3 and 5 days, mailing the owner each time, and then ends', async () => {
    const { token, email } = await signUpConfirmed(test);
    const { renewedAt } = await refusedRenewal(token);
    expect(await onlySubscription(test, token)).toMatchObject({ status: 'INCOMPLETE' });
    const failed = await mailsTo(email);
    expect(failed.map((mail) => mail.subject)).toContain(
      'We could not charge your LegalMind subscription',
    );
    const first = failed.find((mail) => mail.subject.startsWith('We could not charge'));
    expect(first?.text).toContain('/account/subscription');
    expect(first?.text).toContain('try again on');

    await runAt(daysAfter(renewedAt, 1));
    expect((await onlySubscription(test, token)).status).toBe('INCOMPLETE');
    await runAt(daysAfter(renewedAt, 3));
    expect((await onlySubscription(test, token)).status).toBe('INCOMPLETE');
    const beforeLast = await mailsTo(email);
    const failures = beforeLast.filter((mail) => mail.subject.startsWith('We could not charge'));
    expect(failures).toHaveLength(3);

    await runAt(daysAfter(renewedAt, 5));
    expect((await onlySubscription(test, token)).status).toBe('CANCELED');
    const [renewal] = (await test.app.deps.db.select().from(invoices)).filter(
      (invoice) => invoice.status !== 'paid',
    );
    expect(renewal?.status).toBe('void');
    const ended = (await mailsTo(email)).find((mail) => mail.subject.includes('is canceled'));
    expect(ended?.text).toContain('its renewal could not be charged');
  });

  it('is restored by paying in between, and the retries left do nothing', async () => {
    const { token, email } = await signUpConfirmed(test);
    const { renewedAt, id } = await refusedRenewal(token);
    const visa = await addPaymentMethod(test, token, { card: CARDS.visa });
    const paid = await test.app.inject({
      method: 'PUT',
      url: `/api/user/subscription/${id}`,
      headers: bearer(token),
      payload: { paymentId: visa },
    });
    expect(paid.json<TSubscribeResponse>().subscription).toMatchObject({
      status: 'ACTIVE',
      paymentMethodId: visa,
    });
    const mailsBefore = (await mailsTo(email)).length;

    await runAt(daysAfter(renewedAt, 6));
    expect((await onlySubscription(test, token)).status).toBe('ACTIVE');
    expect(await mailsTo(email)).toHaveLength(mailsBefore);
  });

  it('charges once and mails once when a retry runs twice', async () => {
    const { token, email } = await signUpConfirmed(test);
    const { renewedAt, id } = await refusedRenewal(token);
    const [renewal] = (await test.app.deps.db.select().from(invoices)).filter(
      (invoice) => invoice.status === 'open',
    );
    test.clock.set(daysAfter(renewedAt, 1));
    const retry = { subscriptionId: id, invoiceId: renewal?.id ?? '', retry: 1 };
    await retryRenewal(test.app.deps, retry);
    const afterFirst = {
      mails: (await mailsTo(email)).length,
      intent: (await test.app.deps.db.select().from(invoices)).find(
        (invoice) => invoice.id === renewal?.id,
      )?.paymentIntentId,
    };
    await retryRenewal(test.app.deps, retry);
    expect((await mailsTo(email)).length).toBe(afterFirst.mails);
    const intentAfter = (await test.app.deps.db.select().from(invoices)).find(
      (invoice) => invoice.id === renewal?.id,
    )?.paymentIntentId;
    expect(intentAfter).toBe(afterFirst.intent);
    const retries = (await test.app.deps.db.select().from(jobs)).filter(
      (job) => job.name === RETRY_RENEWAL_JOB,
    );
    expect(retries).toHaveLength(3);
  });
});

/** The subscription is moved to a new SEPA mandate: the retries charge it from then on. */
async function payBySepa(token: string, id: string, iban: string): Promise<void> {
  const sepa = await addPaymentMethod(test, token, { iban });
  const { db } = test.app.deps;
  await updateSubscription(db, (await findTeamOfSubscription(db, id)) ?? '', id, {
    paymentMethodId: sepa,
  });
}

/** Runs what is due at `at` (a retry), then lets the sandbox settle the debit it started. */
async function runAndSettle(at: Date): Promise<void> {
  await runAt(at);
  test.clock.advance(11_000);
  await test.app.deps.jobs.runDue();
}

function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${String(date.getUTCFullYear())}`;
}

describe('a SEPA debit charged by a retry', () => {
  it('that fails goes on with the next retry, and on the last try ends the subscription only once it fails', async () => {
    const { token, email } = await signUpConfirmed(test);
    const { renewedAt, id } = await refusedRenewal(token);
    await payBySepa(token, id, IBANS.fails);
    const failures = async () =>
      (await mailsTo(email)).filter((mail) => mail.subject.startsWith('We could not charge'));

    await runAt(daysAfter(renewedAt, 1));
    expect((await onlySubscription(test, token)).status).toBe('PROCESSING');
    await runAndSettle(daysAfter(renewedAt, 1));
    expect((await onlySubscription(test, token)).status).toBe('INCOMPLETE');
    const afterFirst = await failures();
    expect(afterFirst).toHaveLength(2);
    expect(afterFirst[0]?.text).toContain(
      `try again on ${dayOf(new Date(renewedAt.getTime() + 3 * DAY))}`,
    );

    await runAndSettle(daysAfter(renewedAt, 3));
    expect((await onlySubscription(test, token)).status).toBe('INCOMPLETE');
    expect(await failures()).toHaveLength(3);

    await runAt(daysAfter(renewedAt, 5));
    expect((await onlySubscription(test, token)).status).toBe('PROCESSING');
    expect((await mailsTo(email)).some((mail) => mail.subject.includes('is canceled'))).toBe(false);
    await runAndSettle(daysAfter(renewedAt, 5));
    expect((await onlySubscription(test, token)).status).toBe('CANCELED');
    const [renewal] = (await test.app.deps.db.select().from(invoices)).filter(
      (invoice) => invoice.status !== 'paid',
    );
    expect(renewal?.status).toBe('void');
    const ended = (await mailsTo(email)).find((mail) => mail.subject.includes('is canceled'));
    expect(ended?.text).toContain('its renewal could not be charged');
  });

  it('that is the last try and settles makes the subscription ACTIVE with its invoice paid', async () => {
    const { token } = await signUpConfirmed(test);
    const { renewedAt, id } = await refusedRenewal(token);
    await runAt(daysAfter(renewedAt, 1));
    await runAt(daysAfter(renewedAt, 3));
    await payBySepa(token, id, IBANS.settles);

    await runAt(daysAfter(renewedAt, 5));
    expect((await onlySubscription(test, token)).status).toBe('PROCESSING');
    await runAndSettle(daysAfter(renewedAt, 5));
    expect((await onlySubscription(test, token)).status).toBe('ACTIVE');
    const statuses = (await test.app.deps.db.select().from(invoices)).map(
      (invoice) => invoice.status,
    );
    expect(statuses).toEqual(['paid', 'paid']);
  });
});

describe('mails in the owner language', () => {
  it('sends the receipt of a payment in Spanish with the invoice PDF attached', async () => {
    const { token, email } = await signUpConfirmed(test, { language: 'es' });
    await subscribedWithCard(token, { interval: 'MONTH' });
    const [invoice] = await test.app.deps.db.select().from(invoices);
    const number = invoice?.number ?? '?';
    const receipt = (await mailsTo(email)).find((mail) =>
      mail.subject.startsWith('Recibo de tu pago'),
    );
    expect(receipt?.text).toContain(`La factura ${number} está pagada; te adjuntamos su PDF`);
    expect(receipt?.text).toContain('35,09');
    expect(receipt?.attachments).toHaveLength(1);
    const [pdf] = receipt?.attachments ?? [];
    expect(pdf).toMatchObject({
      filename: `factura-${number}.pdf`,
      contentType: 'application/pdf',
    });
    expect(pdf?.size).toBeGreaterThan(0);
    const bytes = Buffer.from(pdf?.contentBase64 ?? '', 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('sends no receipt for an invoice that was not paid', async () => {
    const { token, email } = await signUpConfirmed(test);
    await refusedRenewal(token);
    const [open] = (await test.app.deps.db.select().from(invoices)).filter(
      (invoice) => invoice.status === 'open',
    );
    const before = (await mailsTo(email)).length;
    await sendPaymentReceipt(test.app.deps, {
      teamId: open?.teamId ?? '',
      invoiceId: open?.id ?? '',
    });
    expect(await mailsTo(email)).toHaveLength(before);
  });

  it.each([
    ['en-US', 'Your LegalMind subscription is canceled', 'You can use it until'],
    ['es', 'Tu suscripción a LegalMind está cancelada', 'Puedes usarla hasta el'],
  ])('tells of a cancellation with the last day of use (%s)', async (language, subject, until) => {
    const { token, email } = await signUpConfirmed(test, { language });
    const subscription = await subscribedWithCard(token, { interval: 'MONTH' });
    await test.app.inject({
      method: 'POST',
      url: `/api/user/subscription/cancel/${subscription.id}`,
      headers: bearer(token),
    });
    await test.app.deps.jobs.runDue();
    const canceled = (await mailsTo(email)).find((mail) => mail.subject === subject);
    expect(canceled?.text).toContain(`${until} ${dayOf(new Date(subscription.endDate))}.`);
  });

  it('tells a Spanish owner that a renewal that could not be charged ended the subscription', async () => {
    const { token, email } = await signUpConfirmed(test, { language: 'es' });
    const { renewedAt } = await refusedRenewal(token);
    for (const days of [1, 3, 5]) await runAt(daysAfter(renewedAt, days));
    const ended = (await mailsTo(email)).find(
      (mail) => mail.subject === 'Tu suscripción a LegalMind está cancelada',
    );
    expect(ended?.text).toContain('no hemos podido cobrar su renovación');
  });

  it('tells of an upgrade: the new plan, from today, at its price', async () => {
    const { token, email } = await signUpConfirmed(test);
    const basic = await subscribedWithCard(token, { interval: 'MONTH' });
    const response = await changePlan(token, {
      priceId: priceId('LegalMind', 'PRO', 'MONTH'),
      planCode: 'PRO',
      internalId: basic.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = (await mailsTo(email)).find(
      (mail) => mail.subject === 'Your LegalMind plan is changing to Professional',
    );
    expect(changed?.text).toContain(
      `Your LegalMind subscription is on the Professional plan from ${dayOf(test.clock.now())}.`,
    );
    expect(changed?.text).toContain('From that day its price is €99.00 a month plus VAT.');
  });

  it('tells a Spanish owner of a downgrade: the plan, the day it applies and its price', async () => {
    const { token, email } = await signUpConfirmed(test, { language: 'es' });
    const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
    const pro = (
      await subscribe(test, token, {
        priceId: priceId('LegalMind', 'PRO', 'YEAR'),
        planCode: 'PRO',
        paymentId,
      })
    ).json<TSubscribeResponse>().subscription;
    const response = await changePlan(token, {
      priceId: priceId('LegalMind', 'BASIC', 'YEAR'),
      planCode: 'BASIC',
      internalId: pro.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = (await mailsTo(email)).find(
      (mail) => mail.subject === 'Tu plan de LegalMind cambia a Básico',
    );
    expect(changed?.text).toContain(
      `Tu suscripción a LegalMind está en el plan Básico desde el ${dayOf(new Date(pro.endDate))}.`,
    );
    expect(changed?.text).toContain('Desde ese día su precio es de 278,40\u00a0€ al año más IVA.');
  });

  it('announces an annual renewal 7 days before it, once', async () => {
    const { token, email } = await signUpConfirmed(test, { language: 'es' });
    const subscription = await subscribedWithCard(token, { interval: 'YEAR' });
    const end = new Date(subscription.endDate).getTime();
    await runAt(new Date(end - 8 * DAY));
    expect((await mailsTo(email)).some((mail) => mail.subject.includes('se renueva'))).toBe(false);
    await runAt(new Date(end - 7 * DAY + 1000));
    await runAt(new Date(end - 6 * DAY));
    const notices = (await mailsTo(email)).filter((mail) => mail.subject.includes('se renueva'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('278,40');
  });

  it('warns a Spanish owner that a discount ends, with the full price', async () => {
    const { token, email } = await signUpConfirmed(test, { language: 'es' });
    await addPromotionCode(test, { code: 'BIENVENIDA', percentOff: 50, durationMonths: 1 });
    const subscription = await subscribedWithCard(token, {
      interval: 'MONTH',
      promotionCode: 'bienvenida',
    });
    await runAt(new Date(new Date(subscription.endDate).getTime() - 7 * DAY + 1000));
    const end = dayOf(new Date(subscription.endDate));
    const warning = (await mailsTo(email)).find(
      (mail) => mail.subject === `El descuento de LegalMind termina el ${end}`,
    );
    expect(warning?.text).toContain(
      `El descuento de tu suscripción a LegalMind termina el ${end}.`,
    );
    expect(warning?.text).toContain('A partir de entonces se renueva por 29,00\u00a0€ más IVA.');
  });

  it('warns that a discount for some months ends, and renews at the full price after it', async () => {
    const { token, email } = await signUpConfirmed(test);
    await addPromotionCode(test, { code: 'WELCOME2', percentOff: 50, durationMonths: 2 });
    const subscription = await subscribedWithCard(token, {
      interval: 'MONTH',
      promotionCode: 'welcome2',
    });
    expect(subscription.discountEndsAt).not.toBeNull();
    // The first renewal keeps the discount; its period is the last one with it.
    await runAt(new Date(new Date(subscription.endDate).getTime() + 1000));
    const second = await onlySubscription(test, token);
    expect(second.discount).toEqual({ amountOff: null, percentOff: 50 });
    await runAt(new Date(new Date(second.endDate).getTime() - 7 * DAY + 1000));
    const warning = (await mailsTo(email)).find((mail) => mail.subject.includes('discount ends'));
    expect(warning?.text).toContain('From then on it renews at €29.00 plus VAT.');

    await runAt(new Date(new Date(second.endDate).getTime() + 1000));
    expect((await onlySubscription(test, token)).discount).toBeNull();
    const subtotals = (await test.app.deps.db.select().from(invoices))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((invoice) => invoice.subtotalCents - invoice.discountCents);
    expect(subtotals).toEqual([1450, 1450, 2900]);
  });
});
