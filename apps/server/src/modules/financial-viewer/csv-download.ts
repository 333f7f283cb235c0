/**
 * The transactions CSV as a link. A file fetched with the session's header is held whole in
 * the page before it can be saved; a file the browser navigates to is written to disk as it
 * arrives, with the browser's own progress. So the web app asks for a link (a signed-in call
 * that checks the filters first) and navigates to it: an address that needs no header, valid
 * for a minute, HMAC-signed over the user, its token version, the language and the exact
 * filters, so it can neither be widened to other rows nor outlive a sign-out everywhere.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ZCsvQuery, type TCsvQuery } from '@app/contracts/financial-viewer';
import { LANGUAGES, type Language } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getUserById } from '../users/service.js';
import { requireFinancialViewer } from './access.js';
import { requireTeamAccounts } from './accounts.js';
import { csvFileName, streamTransactionsCsv } from './transactions-csv.js';
import { checkFilters } from './transactions.js';

export const CSV_LINK_PATH = '/api/financialviewer/transaction/filteredCsv/file';
const LINK_SECONDS = 60;
/** The link's own parameters; every other one is a filter and is signed as it is. */
const LINK_PARAMS = ['user', 'lang', 'expires', 'signature'] as const;

/** Streams the filtered transactions as a CSV attachment stamped on the user's clock. */
export function sendTransactionsCsv(
  deps: Deps,
  reply: FastifyReply,
  options: { teamId: string; language: Language; timeZone: string; query: TCsvQuery },
) {
  const { sortBy, ...filters } = options.query;
  const stream = streamTransactionsCsv(deps.db, {
    teamId: options.teamId,
    language: options.language,
    filters: checkFilters(deps, filters),
    sortBy,
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${csvFileName(deps.clock.now(), options.timeZone)}"`,
    )
    .header('cache-control', 'no-store')
    .send(stream);
}

function sign(deps: Deps, message: string): string {
  return createHmac('sha256', deps.config.jwtSecret)
    .update(`transactions-csv\n${message}`)
    .digest('base64url');
}

function linkMessage(options: {
  userId: string;
  tokenVersion: number;
  language: string;
  expires: string;
  filters: string;
}): string {
  const { userId, tokenVersion, language, expires, filters } = options;
  return [userId, String(tokenVersion), language, expires, filters].join('\n');
}

/** The filters of a query string in a fixed form: the link's own parameters left out. */
function signedFilters(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of LINK_PARAMS) params.delete(name);
  return params.toString();
}

/** A one-minute address of the CSV for `search` (the filters exactly as the app sent them). */
export function signCsvLink(
  deps: Deps,
  options: { userId: string; tokenVersion: number; language: Language; search: string },
): { url: string; expiresAt: string } {
  const expiresAt = new Date(deps.clock.now().getTime() + LINK_SECONDS * 1000);
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const filters = signedFilters(options.search);
  const signature = sign(deps, linkMessage({ ...options, expires, filters }));
  const link = new URLSearchParams(filters);
  link.set('user', options.userId);
  link.set('lang', options.language);
  link.set('expires', expires);
  link.set('signature', signature);
  return { url: `${CSV_LINK_PATH}?${link.toString()}`, expiresAt: expiresAt.toISOString() };
}

const ZLinkQuery = ZCsvQuery.extend({
  user: z.uuid(),
  lang: z.enum(LANGUAGES),
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(128),
});

/** The user a link was signed for, or INVALID_TOKEN when it is forged, altered or expired. */
async function readLinkUser(deps: Deps, search: string, query: z.infer<typeof ZLinkQuery>) {
  if (query.expires * 1000 < deps.clock.now().getTime()) throw new AppError('INVALID_TOKEN');
  const user = await getUserById(deps.db, query.user);
  if (!user?.enabled) throw new AppError('INVALID_TOKEN');
  const expected = Buffer.from(
    sign(
      deps,
      linkMessage({
        userId: user.id,
        tokenVersion: user.tokenVersion,
        language: query.lang,
        expires: String(query.expires),
        filters: signedFilters(search),
      }),
    ),
  );
  const given = Buffer.from(query.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('INVALID_TOKEN');
  }
  return user;
}

/** The link's address: no session, the signature stands for it; access is checked again. */
export const csvDownloadRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/financialviewer/transaction/filteredCsv/file',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['financial viewer'], hide: true, querystring: ZLinkQuery },
    },
    async (request, reply) => {
      const search = request.raw.url?.split('?')[1] ?? '';
      const user = await readLinkUser(deps, search, request.query);
      await requireFinancialViewer(deps, {
        userId: user.id,
        teamId: user.teamId,
        email: user.email,
        roles: user.roles,
        user,
      });
      const { query } = request;
      if (query.accountIds?.length) {
        await requireTeamAccounts(deps, { teamId: user.teamId, accountIds: query.accountIds });
      }
      // The link's own parameters ride along unread: the CSV reads only the filters.
      return sendTransactionsCsv(deps, reply, {
        teamId: user.teamId,
        language: query.lang,
        timeZone: user.timeZone,
        query,
      });
    },
  );
};
