import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { accountIdOf, cardNumberOf, describeAccount } from './accounts.js';
import { SANDBOX_BANKS, findSandboxBank } from './banks.js';
import { buildIban, ibanCheckDigits } from './iban.js';

const SEED = 'req_0123456789abcdef01234567';

describe('sandbox accounts', () => {
  it('computes the ISO 13616 check digits of known IBANs', () => {
    expect(ibanCheckDigits('ES', '21000418450200051332')).toBe('91');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(buildIban('GB', 'WEST12345698765432')).toBe('GB82WEST12345698765432');
  });

  it.each(SANDBOX_BANKS.map((bank) => [bank.code]))(
    'gives %s accounts with IBANs that pass the national and IBAN checks',
    (code) => {
      const bank = findSandboxBank(code)!;
      for (const seed of [SEED, 'req_a', 'req_b', 'req_c']) {
        for (const kind of ['checking', 'savings'] as const) {
          const account = describeAccount({ seed, bank, kind });
          const iban = electronicFormatIBAN(account.number) ?? '';
          expect(isValidIBAN(iban), account.number).toBe(true);
          expect(iban.startsWith(bank.countryCode)).toBe(true);
          expect(account.number).toMatch(/^([A-Z0-9]{4} )+[A-Z0-9]{1,4}$/);
        }
      }
    },
  );

  it('describes a Spanish checking account, a savings account and a credit card', () => {
    const bank = findSandboxBank('SANTANDER_ES')!;
    const checking = describeAccount({ seed: SEED, bank, kind: 'checking' });
    const savings = describeAccount({ seed: SEED, bank, kind: 'savings' });
    const card = describeAccount({ seed: SEED, bank, kind: 'card' });

    expect(checking).toMatchObject({ type: 'ACCOUNT', subtype: 'CHECKING', currency: 'EUR' });
    expect(checking.number).toMatch(/^ES\d{2} 0049 /);
    expect(savings).toMatchObject({ type: 'ACCOUNT', subtype: 'SAVING', creditLimitCents: null });
    expect(savings.number).not.toBe(checking.number);
    expect(card).toMatchObject({ type: 'CARD', subtype: 'CREDIT', number: cardNumberOf(SEED) });
    expect(card.number).toMatch(/^\d{4} \*{4} \*{4} \d{4}$/);
    expect(card.creditLimitCents).toBeGreaterThan(0);
  });

  it('keeps account ids and numbers stable for a consent', () => {
    const bank = findSandboxBank('BBVA_ES')!;
    expect(describeAccount({ seed: SEED, bank, kind: 'checking' })).toEqual(
      describeAccount({ seed: SEED, bank, kind: 'checking' }),
    );
    expect(accountIdOf(SEED, 'card')).toBe(accountIdOf(SEED, 'card'));
    expect(accountIdOf(SEED, 'card')).not.toBe(accountIdOf(SEED, 'savings'));
    expect(accountIdOf(SEED, 'card')).toMatch(/^acc_[0-9a-f]{24}$/);
  });
});
