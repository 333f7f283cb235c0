import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DATAVERSE_LINK_TTL_SECONDS, type TDownloadFormat } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps.js';

/** Where a signed address of a purchase's file is served (under /api). */
export const PURCHASE_FILES_PATH = '/dataverse/files';
/** Where a signed address of a version's report is served (under /api). */
export const REPORT_FILES_PATH = '/dataverse/reports';

type LinkDeps = Pick<Deps, 'config' | 'clock'>;

/** The HMAC of what an address is good for (its kind first) and when it expires. */
function sign(secret: string, subject: string[], expires: number): string {
  return createHmac('sha256', secret)
    .update(`${subject.join('\n')}\n${String(expires)}`)
    .digest('base64url');
}

/** `path` (under /api) with an expiry and a signature of `subject`, good for a while. */
function signLink(
  deps: LinkDeps,
  path: string,
  subject: string[],
): { url: string; expiresAt: Date } {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + DATAVERSE_LINK_TTL_SECONDS;
  const signature = sign(deps.config.jwtSecret, subject, expires);
  return {
    url: `/api${path}?expires=${String(expires)}&signature=${signature}`,
    expiresAt: new Date(expires * 1000),
  };
}

function isSignature(
  deps: LinkDeps,
  subject: string[],
  given: { expires: number; signature: string },
): boolean {
  if (given.expires * 1000 < deps.clock.now().getTime()) return false;
  const expected = Buffer.from(sign(deps.config.jwtSecret, subject, given.expires));
  const signature = Buffer.from(given.signature);
  return expected.length === signature.length && timingSafeEqual(expected, signature);
}

type LinkSubject = { purchaseId: string; teamId: string; format: TDownloadFormat };

/**
 * The signature names the purchase, the team that owns it and the format: an address is only
 * good for that file of that purchase while the purchase is that team's, until it expires.
 */
function purchaseSubject(subject: LinkSubject): string[] {
  return ['dataverse-purchase-file', subject.purchaseId, subject.teamId, subject.format];
}

/** A same-origin address that serves the purchase's rows, with no other credential, for a while. */
export function signPurchaseFileUrl(
  deps: LinkDeps,
  subject: LinkSubject,
): { url: string; expiresAt: Date } {
  return signLink(
    deps,
    `${PURCHASE_FILES_PATH}/${subject.purchaseId}/${subject.format}`,
    purchaseSubject(subject),
  );
}

/** True when the signature is ours for this purchase, team and format, and has not expired. */
export function isPurchaseFileSignature(
  deps: LinkDeps,
  subject: LinkSubject & { expires: number; signature: string },
): boolean {
  return isSignature(deps, purchaseSubject(subject), subject);
}

type ReportSubject = { dsiId: string; teamId: string };

/** The signature names the version and the team it was given to (who must still see it). */
function reportSubject(subject: ReportSubject): string[] {
  return ['dataverse-report', subject.dsiId, subject.teamId];
}

/** A same-origin address that serves a version's report, with no other credential, for a while. */
export function signReportUrl(
  deps: LinkDeps,
  subject: ReportSubject,
): { url: string; expiresAt: Date } {
  return signLink(
    deps,
    `${REPORT_FILES_PATH}/${subject.dsiId}/${subject.teamId}`,
    reportSubject(subject),
  );
}

export function isReportSignature(
  deps: LinkDeps,
  subject: ReportSubject & { expires: number; signature: string },
): boolean {
  return isSignature(deps, reportSubject(subject), subject);
}

/** Streams a file a signed address names, as a download no cache keeps. */
export function sendDownload(
  reply: FastifyReply,
  file: { body: Readable; size: number; contentType: string; fileName: string },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
