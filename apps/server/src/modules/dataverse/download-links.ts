import { createHmac, timingSafeEqual } from 'node:crypto';
import { DATAVERSE_LINK_TTL_SECONDS, type TDownloadFormat } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';

/** Where a signed address of a purchase's file is served (under /api). */
export const PURCHASE_FILES_PATH = '/dataverse/files';

type LinkSubject = { purchaseId: string; teamId: string; format: TDownloadFormat };

/**
 * The signature names the purchase, the team that owns it and the format: an address is only
 * good for that file of that purchase while the purchase is that team's, until it expires.
 */
function sign(secret: string, subject: LinkSubject, expires: number): string {
  return createHmac('sha256', secret)
    .update(
      `dataverse-purchase-file\n${subject.purchaseId}\n${subject.teamId}\n${subject.format}\n${String(expires)}`,
    )
    .digest('base64url');
}

/** A same-origin address that serves the purchase's rows, with no other credential, for a while. */
export function signPurchaseFileUrl(
  deps: Pick<Deps, 'config' | 'clock'>,
  subject: LinkSubject,
): { url: string; expiresAt: Date } {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + DATAVERSE_LINK_TTL_SECONDS;
  const signature = sign(deps.config.jwtSecret, subject, expires);
  const url = `/api${PURCHASE_FILES_PATH}/${subject.purchaseId}/${subject.format}?expires=${String(expires)}&signature=${signature}`;
  return { url, expiresAt: new Date(expires * 1000) };
}

/** True when the signature is ours for this purchase, team and format, and has not expired. */
export function isPurchaseFileSignature(
  deps: Pick<Deps, 'config' | 'clock'>,
  subject: LinkSubject & { expires: number; signature: string },
): boolean {
  if (subject.expires * 1000 < deps.clock.now().getTime()) return false;
  const expected = Buffer.from(sign(deps.config.jwtSecret, subject, subject.expires));
  const given = Buffer.from(subject.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
