import { VALIDATION } from '@app/contracts/common';
import { describe, expect, it } from 'vitest';
import billingEnUS from '../features/billing/i18n/en-US.json';
import billingEs from '../features/billing/i18n/es.json';
import paymentEnUS from '../components/payment/i18n/en-US.json';
import paymentEs from '../components/payment/i18n/es.json';
import callLogEnUS from '../components/call-log/i18n/en-US.json';
import callLogEs from '../components/call-log/i18n/es.json';
import adminEnUS from '../features/admin/i18n/en-US.json';
import adminEs from '../features/admin/i18n/es.json';
import anonymizerEnUS from '../features/anonymizer/i18n/en-US.json';
import anonymizerEs from '../features/anonymizer/i18n/es.json';
import cortexEnUS from '../features/cortex/i18n/en-US.json';
import cortexEs from '../features/cortex/i18n/es.json';
import axonEnUS from '../features/dataverse/axon/i18n/en-US.json';
import axonEs from '../features/dataverse/axon/i18n/es.json';
import dataverseEnUS from '../features/dataverse/i18n/en-US.json';
import dataverseEs from '../features/dataverse/i18n/es.json';
import financialViewerAnalysisEnUS from '../features/financial-viewer/i18n/analysis.en-US.json';
import financialViewerAnalysisEs from '../features/financial-viewer/i18n/analysis.es.json';
import financialViewerEnUS from '../features/financial-viewer/i18n/en-US.json';
import financialViewerEs from '../features/financial-viewer/i18n/es.json';
import neuronAccessEnUS from '../features/neuron-access/i18n/en-US.json';
import nucleusEnUS from '../features/nucleus/i18n/en-US.json';
import nucleusEs from '../features/nucleus/i18n/es.json';
import neuronAccessEs from '../features/neuron-access/i18n/es.json';
import enUS from './en-US.json';
import es from './es.json';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [nested, text] of flatten(value, path)) keys.set(nested, text);
  }
  return keys;
}

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const KEY_PATTERNS = [
  // t('key'), t("key"), t('key', { … })
  /\bt\(\s*['"]([^'"]+)['"]/g,
  // <Trans i18nKey="key" />
  /i18nKey=["']([^"']+)["']/g,
  // a message key handed over as a value, e.g. setError(…, { message: 'validation.required' })
  /['"]((?:validation|errors)\.[A-Za-z0-9_.]+)['"]/g,
];

function findUsedKeys(): Set<string> {
  const used = new Set<string>(Object.values(VALIDATION));
  for (const source of Object.values(sources)) {
    for (const pattern of KEY_PATTERNS) {
      for (const match of source.matchAll(pattern)) if (match[1]) used.add(match[1]);
    }
  }
  return used;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((match) => match[0]).sort();
}

// A feature's texts may travel in its own lazy chunk and are merged into the one namespace.
const english = new Map([
  ...flatten(enUS),
  ...flatten(billingEnUS),
  ...flatten(paymentEnUS),
  ...flatten(callLogEnUS),
  ...flatten(anonymizerEnUS),
  ...flatten(adminEnUS),
  ...flatten(financialViewerEnUS),
  ...flatten(financialViewerAnalysisEnUS),
  ...flatten(neuronAccessEnUS),
  ...flatten(nucleusEnUS),
  ...flatten(cortexEnUS),
  ...flatten(axonEnUS),
  ...flatten(dataverseEnUS),
]);
const spanish = new Map([
  ...flatten(es),
  ...flatten(billingEs),
  ...flatten(paymentEs),
  ...flatten(callLogEs),
  ...flatten(anonymizerEs),
  ...flatten(adminEs),
  ...flatten(financialViewerEs),
  ...flatten(financialViewerAnalysisEs),
  ...flatten(neuronAccessEs),
  ...flatten(nucleusEs),
  ...flatten(cortexEs),
  ...flatten(axonEs),
  ...flatten(dataverseEs),
]);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The keys as the code names them: `rows_one` and `rows_other` are the plural forms of `rows`. */
function baseKeys(messages: Map<string, string>): Set<string> {
  return new Set([...messages.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));
}

/** A key's text, or its `other` plural form's. */
function textOf(messages: Map<string, string>, key: string): string | undefined {
  return messages.get(key) ?? messages.get(`${key}_other`);
}

describe('locale files', () => {
  it('scans the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    expect(findUsedKeys().size).toBeGreaterThan(50);
  });

  it('have the same keys in en-US and es', () => {
    expect([...baseKeys(spanish)].sort()).toEqual([...baseKeys(english)].sort());
  });

  it('give every plural key each form its language has', () => {
    for (const [language, messages] of [
      ['en-US', english],
      ['es', spanish],
    ] as const) {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = [...messages.keys()].filter((key) => PLURAL_SUFFIX.test(key));
      for (const base of new Set(plurals.map((key) => key.replace(PLURAL_SUFFIX, '')))) {
        for (const form of forms)
          expect(messages.has(`${base}_${form}`), `${language} ${base}_${form}`).toBe(true);
      }
    }
  });

  it('make a key plural in both languages or in neither', () => {
    const pluralBases = (messages: Map<string, string>) =>
      [...messages.keys()]
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map((key) => key.replace(PLURAL_SUFFIX, ''));
    expect([...new Set(pluralBases(spanish))].sort()).toEqual(
      [...new Set(pluralBases(english))].sort(),
    );
  });

  it.each([...findUsedKeys()].sort())('define %s in both languages', (key) => {
    expect(textOf(english, key), `en-US lacks ${key}`).toBeTruthy();
    expect(textOf(spanish, key), `es lacks ${key}`).toBeTruthy();
  });

  it('keep the same placeholders in both languages', () => {
    for (const [key, text] of english) {
      const spanishText = spanish.get(key) ?? textOf(spanish, key.replace(PLURAL_SUFFIX, ''));
      expect(placeholders(spanishText ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('carry the spec texts verbatim in en-US', () => {
    expect(english.get('validation.password.mismatch')).toBe(
      'New password and confirm password must be equals',
    );
    expect(english.get('account.security.changed')).toBe('Password changed successfuly');
    expect(english.get('validation.password.illegalSequence')).toBe(
      'Password must not contains sequence of letters or numbers',
    );
  });

  it('carry the billing spec texts verbatim in en-US', () => {
    const texts: Record<string, string> = {
      'payment.result.success': 'Your payment was successful!',
      'billing.result.processing': 'Your payment is being proccessed.',
      'payment.result.failed':
        'There was an error processing your payment. Choose another payment method.',
      'payment.result.planChanged': 'Plan changed successfully',
      'errors.reasons.SUBSCRIPTION_PENDING_ELSEWHERE':
        'You have a pending payment in a different plan, please complete the payment or delete the pending subscription in your manage subscription view',
      'errors.reasons.FREE_AFTER_PAID':
        'You cannot use a free plan after have had a paid subscription',
      'billing.free.failed': 'There was an error activating your free plan. Try again in a while.',
      'billing.intent.authenticationFailed': 'The payment authentication failed, try again.',
      'billing.intent.paymentFailed':
        'The payment failed, select another payment method and complete the payment.',
      'billing.token.fetchFailed':
        'Sorry, right now the service is down, try again later to obtain the token',
      'billing.token.refreshFailed':
        'Sorry, right now the service is down, try again later to obtain a new token',
      'payment.coupon.invalid': 'Invalid code',
      'payment.checkout.title': 'Payment process',
      'payment.checkout.proceed': 'PROCEED TO PAYMENT',
      'billing.plans.actions.subscribe': 'SUBSCRIBE',
      'billing.plans.actions.pendingToPay': 'PENDING TO PAY',
      'billing.plans.actions.completePayment': 'COMPLETE PAYMENT',
      'billing.plans.actions.startNow': 'Start Now',
      'billing.plans.actions.contactUs': 'Contact us',
      'billing.subscriptions.goToPay': 'Go to Pay',
    };
    for (const [key, text] of Object.entries(texts)) expect(english.get(key), key).toBe(text);
  });

  it('carry the anonymizer spec texts verbatim in en-US', () => {
    const texts: Record<string, string> = {
      'anonymizer.errors.invalidToken': 'Invalid or expired token',
      'anonymizer.errors.notPlain': 'The text is not in plain format',
      'anonymizer.errors.notHtml': 'The text is not in HTML format',
      'anonymizer.file.problems.notWord': 'Only Word files are supported',
    };
    for (const [key, text] of Object.entries(texts)) expect(english.get(key), key).toBe(text);
  });

  it('carry the Financial Viewer spec texts verbatim in en-US', () => {
    const texts: Record<string, string> = {
      'financialViewer.subscribe.message': 'You need to subscribe to access this tab.',
      'financialViewer.subscribe.goToPlans': 'Go to plans',
      'financialViewer.empty': 'Nothing to show just yet!',
      'financialViewer.errors.generic': 'Oops something went wrong, try again in a while.',
      'financialViewer.dialogs.planExceededTitle': 'Plan exceeded',
      'financialViewer.dialogs.infoTitle': 'Info',
      'financialViewer.dialogs.errorTitle': 'Error',
      'financialViewer.import.onlyExcelCsv': 'Only Excel and CSV files are supported',
      'financialViewer.connections.statuses.OK': 'CONNECTED',
      'financialViewer.connections.statuses.UPDATING': 'UPDATING',
      'financialViewer.connections.statuses.ERROR': 'ERROR',
      'financialViewer.connections.statuses.EXPIRED': 'EXPIRED',
      'validation.financialViewer.connectionExists':
        'There is already a connection with this name.',
      'validation.financialViewer.companyExists': 'There is already a company with this name.',
    };
    for (const [key, text] of Object.entries(texts)) expect(english.get(key), key).toBe(text);
  });

  it('carry the team and admin spec texts verbatim in en-US', () => {
    const texts: Record<string, string> = {
      'validation.email.inviteInvalid': 'Invalid email',
      'validation.email.active': 'This email is already active in the platform.',
      'team.inviteMember': 'Invite member',
      'team.pending': 'Pending to confirm',
      'team.resend': 'Resend',
      'team.noResults': 'No results found',
      'team.invite.title': 'Add new member',
      'team.invite.cancel': 'CANCEL',
      'team.invite.submit': 'SEND INVITE',
      'team.edit.title': 'Edit member',
      'team.edit.delete': 'DELETE',
      'team.edit.submit': 'SAVE',
      'team.delete.title': 'Delete member',
      'team.delete.question': 'Are you sure you want to delete this member?',
      'team.delete.confirm': 'YES',
      'auth.invitation.submit': 'Create Account',
      'admin.users.create': 'Create new user',
      'admin.users.activate': 'Activate',
      'admin.register.submit': 'Create',
      'admin.logout': 'Log Out',
    };
    for (const [key, text] of Object.entries(texts)) expect(english.get(key), key).toBe(text);
  });
});
