import type { TBillingInfo, TBillingInfoResponse } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getTeamOwner, setUserFields, type UserRow } from '../users/service.js';

/** The team bills with its owner's details, which the owner's profile edits too. */
async function requireOwner(deps: Deps, teamId: string): Promise<UserRow> {
  const owner = await getTeamOwner(deps.db, teamId);
  if (!owner) throw new AppError('NOT_FOUND', { message: 'The team has no owner.' });
  return owner;
}

function toBillingInfo(owner: UserRow): TBillingInfoResponse {
  return {
    companyName: owner.companyName,
    nif: owner.nif,
    billingAddress: owner.billingAddress,
    zip: owner.zip,
    region: owner.region,
    country: owner.country,
  };
}

export async function getBillingInfo(
  deps: Deps,
  options: { teamId: string },
): Promise<TBillingInfo> {
  return toBillingInfo(await requireOwner(deps, options.teamId));
}

export async function updateBillingInfo(
  deps: Deps,
  options: { teamId: string; info: TBillingInfo },
): Promise<TBillingInfoResponse> {
  const owner = await requireOwner(deps, options.teamId);
  await setUserFields(deps.db, owner.id, options.info);
  return toBillingInfo({ ...owner, ...options.info });
}
