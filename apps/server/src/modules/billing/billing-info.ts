import type { TBillingInfo, TBillingInfoWithTaxResponse } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getTeamOwner, setUserFields, type UserRow } from '../users/service.js';
import { resolveTax } from './tax.js';

/** The team bills with its owner's details, which the owner's profile edits too. */
async function requireOwner(deps: Deps, teamId: string): Promise<UserRow> {
  const owner = await getTeamOwner(deps.db, teamId);
  if (!owner) throw new AppError('NOT_FOUND', { message: 'The team has no owner.' });
  return owner;
}

/** The details with how invoices made from them are taxed: the checkout's totals use it. */
async function toBillingInfo(deps: Deps, owner: UserRow): Promise<TBillingInfoWithTaxResponse> {
  const tax = await resolveTax(deps, owner);
  return {
    companyName: owner.companyName,
    nif: owner.nif,
    billingAddress: owner.billingAddress,
    zip: owner.zip,
    region: owner.region,
    country: owner.country,
    tax: { treatment: tax.treatment, rate: tax.rateBasisPoints / 100 },
  };
}

export async function getBillingInfo(
  deps: Deps,
  options: { teamId: string },
): Promise<TBillingInfoWithTaxResponse> {
  return toBillingInfo(deps, await requireOwner(deps, options.teamId));
}

export async function updateBillingInfo(
  deps: Deps,
  options: { teamId: string; info: TBillingInfo },
): Promise<TBillingInfoWithTaxResponse> {
  const owner = await requireOwner(deps, options.teamId);
  await setUserFields(deps.db, owner.id, options.info);
  return toBillingInfo(deps, { ...owner, ...options.info });
}
