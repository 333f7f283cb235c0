import { pickLanguage, type Language } from '@app/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { bankWidgetAssetRoutes } from '../widget-assets.js';
import { ACCOUNT_KINDS, accountIdOf, describeAccount, type AccountKind } from './accounts.js';
import { findSandboxBank, type SandboxBank } from './banks.js';
import {
  renderAccountsPage,
  renderConsentPage,
  renderProblemPage,
  renderSignInPage,
  type ConsentProblem,
} from './consent-pages.js';
import { REQUISITION_ID_PATTERN } from './sandbox-aggregator.js';
import {
  findRequisition,
  linkRequisition,
  rejectRequisition,
  type RequisitionRow,
} from './repository.js';

const FORM_BODY_LIMIT_BYTES = 16 * 1024;

const ZConsentParams = z.object({ requisitionId: z.string().regex(REQUISITION_ID_PATTERN) });
const ZConsentQuery = z.object({ lang: z.string().max(10).optional() });

/** One form for every step; the buttons say whether to go on or to cancel. */
const ZConsentForm = z.object({
  step: z.enum(['sign-in', 'accounts', 'consent']),
  action: z.enum(['continue', 'cancel']).default('continue'),
  userId: z.string().max(100).default(''),
  password: z.string().max(100).default(''),
  accounts: z.preprocess(
    (value) => (value === undefined ? [] : [value].flat()),
    z.array(z.enum(ACCOUNT_KINDS)).max(ACCOUNT_KINDS.length),
  ),
});
type ConsentForm = z.infer<typeof ZConsentForm>;

/** Repeated fields (the account checkboxes) become lists; entries never touch a prototype. */
function parseForm(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = fields.get(name);
    fields.set(name, earlier === undefined ? value : [earlier, value].flat());
  }
  return Object.fromEntries(fields);
}

function pageLanguage(request: FastifyRequest): Language {
  const { lang } = request.query as { lang?: unknown };
  return typeof lang === 'string' && lang !== ''
    ? pickLanguage(lang)
    : pickLanguage(request.headers['accept-language']);
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .send(html);
}

const PROBLEM_STATUS: Record<ConsentProblem, number> = {
  'not-found': 404,
  answered: 409,
  invalid: 400,
  unavailable: 500,
};

function sendProblem(reply: FastifyReply, problem: ConsentProblem, language: Language) {
  return sendPage(reply, PROBLEM_STATUS[problem], renderProblemPage({ problem, language }));
}

/** Back to the caller's redirect with its reference, as a PSD2 provider sends the user back. */
function redirectToCaller(reply: FastifyReply, row: RequisitionRow, error?: string): FastifyReply {
  const url = new URL(row.redirectUrl);
  url.searchParams.set('ref', row.reference);
  if (error) url.searchParams.set('error', error);
  return reply.redirect(url.toString(), 303);
}

type OpenRequisition = { row: RequisitionRow; bank: SandboxBank };

/** The requisition still waiting for the user, or the problem to show instead. */
async function openRequisition(
  deps: Pick<Deps, 'db'>,
  requisitionId: string,
): Promise<OpenRequisition | ConsentProblem> {
  const row = await findRequisition(deps.db, requisitionId);
  const bank = row && findSandboxBank(row.institutionId);
  if (!row || !bank || row.status === 'EX') return 'not-found';
  if (row.status !== 'CR') return 'answered';
  return { row, bank };
}

function accountsOf(row: RequisitionRow, bank: SandboxBank, kinds: readonly AccountKind[]) {
  return kinds.map((kind) => describeAccount({ seed: row.id, bank, kind }));
}

async function answerStep(
  deps: Pick<Deps, 'db' | 'clock'>,
  reply: FastifyReply,
  page: OpenRequisition & { language: Language; form: ConsentForm },
): Promise<FastifyReply> {
  const { row, bank, language, form } = page;
  const chosen = ACCOUNT_KINDS.filter((kind) => form.accounts.includes(kind));
  if (form.step === 'sign-in') {
    if (!form.userId.trim() || !form.password) {
      return sendPage(reply, 400, renderSignInPage({ bank, language, hasError: true }));
    }
    const accounts = accountsOf(row, bank, ACCOUNT_KINDS);
    return sendPage(reply, 200, renderAccountsPage({ bank, language, accounts, hasError: false }));
  }
  if (chosen.length === 0) {
    const accounts = accountsOf(row, bank, ACCOUNT_KINDS);
    return sendPage(reply, 400, renderAccountsPage({ bank, language, accounts, hasError: true }));
  }
  if (form.step === 'accounts') {
    const accounts = accountsOf(row, bank, chosen);
    return sendPage(reply, 200, renderConsentPage({ bank, language, accounts }));
  }
  const linked = await linkRequisition(deps.db, {
    requisitionId: row.id,
    accounts: chosen.map((kind) => ({ id: accountIdOf(row.id, kind), kind })),
    at: deps.clock.now(),
  });
  if (!linked) return sendProblem(reply, 'answered', language);
  return redirectToCaller(reply, linked);
}

/**
 * The sandbox bank's consent pages, shaped like a bank's PSD2 flow: sign in (any non-empty
 * credentials), pick the accounts, accept or cancel; then back to the caller's redirect.
 * Plain HTML forms, so this scope parses url-encoded bodies and answers errors as pages.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod<{
  deps: Pick<Deps, 'db' | 'clock'>;
}> = async (app, { deps }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, parseForm(String(body)));
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = pageLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const isUnknownId = error.validationContext === 'params';
      return sendProblem(reply, isUnknownId ? 'not-found' : 'invalid', language);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendPage(reply, status, renderProblemPage({ problem: 'invalid', language }));
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error');
    return sendProblem(reply, 'unavailable', language);
  });

  await app.register(bankWidgetAssetRoutes);

  const schema = { hide: true, params: ZConsentParams, querystring: ZConsentQuery };

  app.get('/sandbox-bank/consent/:requisitionId', { schema }, async (request, reply) => {
    const language = pageLanguage(request);
    const open = await openRequisition(deps, request.params.requisitionId);
    if (typeof open === 'string') {
      return sendProblem(reply, open, language);
    }
    return sendPage(reply, 200, renderSignInPage({ bank: open.bank, language, hasError: false }));
  });

  app.post(
    '/sandbox-bank/consent/:requisitionId',
    { schema: { ...schema, body: ZConsentForm } },
    async (request, reply) => {
      const language = pageLanguage(request);
      const open = await openRequisition(deps, request.params.requisitionId);
      if (typeof open === 'string') {
        return sendProblem(reply, open, language);
      }
      if (request.body.action === 'cancel') {
        const rejected = await rejectRequisition(deps.db, open.row.id);
        if (!rejected) return sendProblem(reply, 'answered', language);
        return redirectToCaller(reply, rejected, 'UserCancelledSession');
      }
      return answerStep(deps, reply, { ...open, language, form: request.body });
    },
  );
};
