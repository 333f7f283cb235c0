import {
  SELLER_COUNTRY,
  isEuCountry,
  taxTreatmentFor,
  vatNumberOf,
  type TaxTreatment,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { vatRegistryFor } from '../../platform/tax/vat-registry.js';

export type Tax = { treatment: TaxTreatment; rateBasisPoints: number };

/**
 * The one tax computation of the platform: how a buyer's invoices are taxed. The checkout shows
 * it (billing info) and every invoice is made with it, so what is charged is what is invoiced.
 * An EU VAT number must have its country's format and, where VIES answers, be registered.
 */
export async function resolveTax(
  deps: Pick<Deps, 'config'>,
  buyer: { country: string; nif: string },
): Promise<Tax> {
  const vatNumber = vatNumberOf(buyer.country, buyer.nif);
  let vatNumberValid = vatNumber !== undefined;
  if (vatNumber !== undefined && isEuCountry(buyer.country) && buyer.country !== SELLER_COUNTRY) {
    const check = await vatRegistryFor(deps.config).check({ country: buyer.country, vatNumber });
    vatNumberValid = check !== 'invalid';
  }
  const treatment = taxTreatmentFor({ country: buyer.country, vatNumberValid });
  return {
    treatment,
    rateBasisPoints: treatment === 'standard' ? deps.config.vatRateBasisPoints : 0,
  };
}
