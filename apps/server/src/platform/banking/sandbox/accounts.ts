import type { AccountSubtype, AccountType } from '@app/contracts/financial-viewer';
import type { SandboxBank } from './banks.js';
import { buildIban, formatIban, generateBban } from './iban.js';
import { createRandom, stableId } from './random.js';

/** The three accounts a sandbox consent can share. */
export const ACCOUNT_KINDS = ['checking', 'savings', 'card'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export type SandboxAccountDetails = {
  kind: AccountKind;
  name: string;
  /** The IBAN in groups of four, or the masked card number. */
  number: string;
  type: AccountType;
  subtype: AccountSubtype;
  currency: 'EUR';
  /** Only cards have one: the available balance is the limit minus what is owed. */
  creditLimitCents: number | null;
};

const CARD_PREFIXES = ['4530', '4940', '4761', '5540', '5489'];

/** The card's number as statements print it: `4530 **** **** 1234`. */
export function cardNumberOf(seed: string): string {
  const random = createRandom(`${seed}:card-number`);
  const last4 = String(random.integer(0, 9999)).padStart(4, '0');
  return `${random.pick(CARD_PREFIXES)} **** **** ${last4}`;
}

/** The account's id at the aggregator: the same consent and kind always give the same id. */
export function accountIdOf(seed: string, kind: AccountKind): string {
  return stableId('acc', seed, kind);
}

function ibanOf(seed: string, kind: AccountKind, bank: SandboxBank): string {
  const random = createRandom(`${seed}:${kind}:iban`);
  return formatIban(
    buildIban(bank.countryCode, generateBban(bank.countryCode, bank.ibanBankId, random)),
  );
}

export function describeAccount(options: {
  seed: string;
  bank: SandboxBank;
  kind: AccountKind;
}): SandboxAccountDetails {
  const { seed, bank, kind } = options;
  if (kind === 'card') {
    const number = cardNumberOf(seed);
    const limitRandom = createRandom(`${seed}:card-limit`);
    return {
      kind,
      name: number.startsWith('4') ? 'Visa Business' : 'Mastercard Business',
      number,
      type: 'CARD',
      subtype: 'CREDIT',
      currency: 'EUR',
      creditLimitCents: limitRandom.integer(4, 12) * 100_000,
    };
  }
  return {
    kind,
    name: kind === 'checking' ? 'Cuenta Negocios' : 'Cuenta Ahorro Empresas',
    number: ibanOf(seed, kind, bank),
    type: 'ACCOUNT',
    subtype: kind === 'checking' ? 'CHECKING' : 'SAVING',
    currency: 'EUR',
    creditLimitCents: null,
  };
}
