import type { TPurchaseResponse } from '@app/contracts/dataverse';
import { describe, expect, it } from 'vitest';
import { buildPurchase } from '../testing/dataverse-fixtures';
import { checkRows, defaultRows, purchasePriceCents, purchaseStep } from './purchase-rules';

function response(
  purchase: Parameters<typeof buildPurchase>[0],
  paymentStatus: string | null,
  clientSecret: string | null = null,
): TPurchaseResponse {
  return { purchase: buildPurchase(purchase), clientSecret, paymentStatus };
}

describe('purchase rules', () => {
  it('prices every started block of pricingBase rows', () => {
    expect(purchasePriceCents({ pricingValue: 50, pricingBase: 100, rows: 1 })).toBe(50);
    expect(purchasePriceCents({ pricingValue: 50, pricingBase: 100, rows: 100 })).toBe(50);
    expect(purchasePriceCents({ pricingValue: 50, pricingBase: 100, rows: 101 })).toBe(100);
    expect(purchasePriceCents({ pricingValue: 3, pricingBase: 1, rows: 1000 })).toBe(3000);
  });

  it('starts at 100 rows, or every row of a smaller dataset', () => {
    expect(defaultRows(5000)).toBe(100);
    expect(defaultRows(42)).toBe(42);
  });

  it('takes only whole row counts from 1 to the rows available', () => {
    expect(checkRows(' 250 ', 300)).toEqual({ kind: 'ok', rows: 250 });
    expect(checkRows('300', 300)).toEqual({ kind: 'ok', rows: 300 });
    expect(checkRows('301', 300)).toEqual({ kind: 'tooMany' });
    for (const text of ['0', '-5', '2.5', '1e3', 'abc', '']) {
      expect(checkRows(text, 300), text).toEqual({ kind: 'invalid' });
    }
  });

  it('sends 3-D Secure back to the purchase page', () => {
    const pending = response(
      {
        id: 'p-1',
        status: 'REQUIRES_ACTION',
        paymentIntent: {
          status: 'requires_action',
          clientSecret: 'pi_secret',
          paymentMethodId: 'pm_1',
          nextActionUrl: '/billing/challenge/pi_1',
          lastError: null,
        },
      },
      'requires_action',
    );
    expect(purchaseStep(pending)).toEqual({
      kind: 'requiresAction',
      action: { clientSecret: 'pi_secret', nextActionUrl: '/billing/challenge/pi_1' },
      returnTo: '/dataverse/purchase/p-1',
    });
  });

  it('tells success, a SEPA debit on its way and a refusal apart', () => {
    expect(purchaseStep(response({ status: 'PAID' }, 'succeeded'))).toEqual({
      kind: 'result',
      result: { kind: 'success' },
    });
    expect(purchaseStep(response({ status: 'PROCESSING' }, 'processing'))).toEqual({
      kind: 'result',
      result: { kind: 'processing' },
    });
    expect(purchaseStep(response({ status: 'PAYMENT_FAILED' }, 'requires_payment_method'))).toEqual(
      { kind: 'result', result: { kind: 'failed' } },
    );
  });
});
