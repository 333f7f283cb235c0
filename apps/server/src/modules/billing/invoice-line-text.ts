import type { Language } from '@app/contracts';
import { localize } from '../catalogue/service.js';
import type { PlanRow } from './repository.js';

type Interval = 'MONTH' | 'YEAR';
type PlanNames = Pick<PlanRow, 'name' | 'description' | 'translations'>;

/**
 * What an invoice line says, written in the buyer's language when the invoice is made (an
 * invoice, and the credit note that copies its lines, keep the words they were issued with).
 */
export type InvoiceLineText =
  | { kind: 'plan'; plan: PlanNames; interval?: Interval }
  | { kind: 'upgrade'; plan: PlanNames; interval: Interval }
  | { kind: 'datasetRows'; dataset: string; rows: number };

const WORDS: Record<
  Language,
  {
    interval: Record<Interval, string>;
    upgrade: (plan: string, interval: string) => string;
    rows: (count: string) => string;
    discount: string;
  }
> = {
  'en-US': {
    interval: { MONTH: 'monthly', YEAR: 'annual' },
    upgrade: (plan, interval) => `Upgrade to ${plan} (${interval}), prorated`,
    rows: (count) => `${count} rows`,
    discount: 'Discount',
  },
  es: {
    interval: { MONTH: 'mensual', YEAR: 'anual' },
    upgrade: (plan, interval) => `Cambio a ${plan} (${interval}), prorrateado`,
    rows: (count) => `${count} filas`,
    discount: 'Descuento',
  },
};

export function lineDescription(text: InvoiceLineText, language: Language): string {
  const words = WORDS[language];
  switch (text.kind) {
    case 'plan': {
      const { name } = localize(text.plan, language);
      return text.interval ? `${name} (${words.interval[text.interval]})` : name;
    }
    case 'upgrade':
      return words.upgrade(localize(text.plan, language).name, words.interval[text.interval]);
    case 'datasetRows':
      return `${text.dataset}: ${words.rows(new Intl.NumberFormat(language).format(text.rows))}`;
  }
}

export function discountDescription(language: Language): string {
  return WORDS[language].discount;
}
