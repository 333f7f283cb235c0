import {
  ZAccountIdParams,
  ZAccountsQuery,
  ZAccountsResponse,
  ZAddAccountRequest,
  ZAddAccountResponse,
  ZAssignCompanyRequest,
  ZBanksQuery,
  ZBanksResponse,
  ZCashflowQuery,
  ZCashflowResponse,
  ZCategoriesResponse,
  ZCategorizationResponse,
  ZCompaniesResponse,
  ZCompany,
  ZConnection,
  ZConnectionIdParams,
  ZConnectionsResponse,
  ZCreateCompanyRequest,
  ZCreateConnectionRequest,
  ZCreateConnectionResponse,
  ZCsvLinkResponse,
  ZCsvQuery,
  ZCurrenciesResponse,
  ZForecastQuery,
  ZForecastResponse,
  ZImportFields,
  ZImportIdParams,
  ZImportResult,
  ZAccount,
  ZStatementPreview,
  ZTransactionFilters,
  ZTransactionIdParams,
  ZTransactionsQuery,
  ZTransactionsResponse,
  ZUpdateCashflowResponse,
  ZUpdateCategoryRequest,
  ZUpdateCategoryResponse,
} from '@app/contracts/financial-viewer';
import { ZErrorResponse } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { validationError } from '../../platform/errors.js';
import { listCurrencies } from '../../platform/exchange-rates.js';
import { requestLanguage } from '../../platform/request-language.js';
import { documentedMultipart } from '../../platform/uploads.js';
import { requireFinancialViewer } from './access.js';
import {
  addManualAccounts,
  assignCompany,
  createCompany,
  listAccounts,
  listCompanies,
  requireTeamAccounts,
} from './accounts.js';
import { syncConnection } from './bank-sync.js';
import { getCashflow, getForecast, updateCashflow } from './cashflow.js';
import { listCategories } from './categorisation.js';
import {
  SYNC_CONNECTION_JOB,
  createConnection,
  listBanks,
  listConnections,
  refreshConnection,
  removeConnection,
} from './connections.js';
import {
  IMPORT_STATEMENT_JOB,
  getImport,
  importStatement,
  previewStatement,
  readStatementForm,
  withStoredUpload,
  readMapping,
  runImportJob,
} from './statement-import.js';
import { sendTransactionsCsv, signCsvLink } from './csv-download.js';
import {
  checkFilters,
  listTransactions,
  summarizeCategories,
  updateTransactionCategory,
  type TransactionKind,
} from './transactions.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  402: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
  416: ZErrorResponse,
  422: ZErrorResponse,
  423: ZErrorResponse,
};

const ZJobPayload = z.object({ teamId: z.uuid(), connectionId: z.uuid() });
const ZImportJobPayload = z.object({ teamId: z.uuid(), importId: z.uuid() });

/**
 * The Financial Viewer's calls for the web app (spec 001 §7), under /api. Every call needs
 * the team's active subscription (402 otherwise) except the reference lists (banks,
 * currencies, categories); any role of the team may use the module.
 */
export const financialViewerRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (
  app,
  { deps },
) => {
  deps.jobs.register(SYNC_CONNECTION_JOB, (payload) =>
    syncConnection(deps, ZJobPayload.parse(payload)),
  );
  deps.jobs.register(IMPORT_STATEMENT_JOB, (payload) =>
    runImportJob(deps, ZImportJobPayload.parse(payload)),
  );

  app.addHook('preHandler', app.authenticate);
  const tags = ['financial viewer'];
  const subscribed = async (request: FastifyRequest) => {
    await requireFinancialViewer(deps, request.auth);
  };
  /** `subscribed`, and every account of the `accountIds` filter is the team's. */
  const subscribedWithAccounts = async (request: FastifyRequest) => {
    await subscribed(request);
    const { accountIds } = request.query as { accountIds?: string[] };
    if (accountIds?.length) {
      await requireTeamAccounts(deps, { teamId: request.auth.teamId, accountIds });
    }
  };
  const team = (request: FastifyRequest) => ({ teamId: request.auth.teamId });

  app.get(
    '/financialviewer/banks',
    { schema: { tags, querystring: ZBanksQuery, response: { 200: ZBanksResponse, ...errors } } },
    (request) => listBanks(deps, { countryCode: request.query.country }),
  );

  app.get(
    '/financialviewer/currencies',
    { schema: { tags, response: { 200: ZCurrenciesResponse, ...errors } } },
    async () => listCurrencies(await deps.exchangeRates.get()),
  );

  app.get(
    '/financialviewer/categories',
    { schema: { tags, response: { 200: ZCategoriesResponse, ...errors } } },
    (request) => listCategories(requestLanguage(request)),
  );

  app.get(
    '/financialviewer/connection',
    {
      preHandler: subscribed,
      schema: { tags, response: { 200: ZConnectionsResponse, ...errors } },
    },
    (request) => listConnections(deps, team(request)),
  );

  app.post(
    '/financialviewer/connection',
    {
      schema: {
        tags,
        body: ZCreateConnectionRequest,
        response: { 201: ZCreateConnectionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const access = await requireFinancialViewer(deps, request.auth);
      const connection = await createConnection(deps, {
        ...team(request),
        access,
        request: request.body,
      });
      return reply.status(201).send(connection);
    },
  );

  app.put(
    '/financialviewer/connection/:id/refresh',
    {
      preHandler: subscribed,
      schema: { tags, params: ZConnectionIdParams, response: { 200: ZConnection, ...errors } },
    },
    (request) => refreshConnection(deps, { ...team(request), connectionId: request.params.id }),
  );

  app.delete(
    '/financialviewer/connection/:id',
    { preHandler: subscribed, schema: { tags, params: ZConnectionIdParams } },
    async (request, reply) => {
      await removeConnection(deps, { ...team(request), connectionId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/financialviewer/connection/:id/account',
    {
      preHandler: subscribed,
      schema: {
        tags,
        params: ZConnectionIdParams,
        body: ZAddAccountRequest,
        response: { 201: ZAddAccountResponse, ...errors },
      },
    },
    async (request, reply) => {
      const ids = await addManualAccounts(deps, {
        ...team(request),
        connectionId: request.params.id,
        accounts: request.body.accounts,
      });
      return reply.status(201).send({ account_ids: ids });
    },
  );

  app.get(
    '/financialviewer/account/companies',
    { preHandler: subscribed, schema: { tags, response: { 200: ZCompaniesResponse, ...errors } } },
    (request) => listCompanies(deps, team(request)),
  );

  app.post(
    '/financialviewer/account/companies',
    {
      preHandler: subscribed,
      schema: { tags, body: ZCreateCompanyRequest, response: { 201: ZCompany, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createCompany(deps, { ...team(request), ...request.body })),
  );

  app.get(
    '/financialviewer/account',
    {
      preHandler: subscribed,
      schema: {
        tags,
        querystring: ZAccountsQuery,
        response: { 200: ZAccountsResponse, ...errors },
      },
    },
    (request) => listAccounts(deps, { ...team(request), accountTypes: request.query.accountTypes }),
  );

  app.put(
    '/financialviewer/account/:id/companyName',
    {
      preHandler: subscribed,
      schema: {
        tags,
        params: ZAccountIdParams,
        body: ZAssignCompanyRequest,
        response: { 200: ZAccount, ...errors },
      },
    },
    (request) =>
      assignCompany(deps, {
        ...team(request),
        accountId: request.params.id,
        companyName: request.body.accountCompanyName,
      }),
  );

  const lists: [string, TransactionKind][] = [
    ['/financialviewer/transaction', 'transaction'],
    ['/financialviewer/incomes', 'incomes'],
    ['/financialviewer/expenses', 'expenses'],
  ];
  for (const [url, kind] of lists) {
    app.get(
      url,
      {
        preHandler: subscribedWithAccounts,
        schema: {
          tags,
          querystring: ZTransactionsQuery,
          response: { 200: ZTransactionsResponse, ...errors },
        },
      },
      (request) => {
        const { page, pageSize, sortBy, ...filters } = request.query;
        return listTransactions(deps, {
          ...team(request),
          language: requestLanguage(request),
          kind,
          filters,
          page,
          pageSize,
          sortBy,
        });
      },
    );
  }

  app.get(
    '/financialviewer/transaction/filteredCsv',
    { preHandler: subscribedWithAccounts, schema: { tags, querystring: ZCsvQuery } },
    (request, reply) =>
      sendTransactionsCsv(deps, reply, {
        ...team(request),
        language: requestLanguage(request),
        timeZone: request.auth.user.timeZone,
        query: request.query,
      }),
  );

  app.post(
    '/financialviewer/transaction/filteredCsv/link',
    {
      preHandler: subscribedWithAccounts,
      schema: { tags, querystring: ZCsvQuery, response: { 200: ZCsvLinkResponse, ...errors } },
    },
    (request) => {
      checkFilters(deps, request.query);
      return signCsvLink(deps, {
        userId: request.auth.userId,
        tokenVersion: request.auth.user.tokenVersion,
        language: requestLanguage(request),
        search: request.raw.url?.split('?')[1] ?? '',
      });
    },
  );

  app.put(
    '/financialviewer/transaction/:id/category',
    {
      preHandler: subscribed,
      schema: {
        tags,
        params: ZTransactionIdParams,
        body: ZUpdateCategoryRequest,
        response: { 200: ZUpdateCategoryResponse, ...errors },
      },
    },
    (request) =>
      updateTransactionCategory(deps, {
        ...team(request),
        language: requestLanguage(request),
        transactionId: request.params.id,
        categoryId: request.body.catId,
        applyToSimilar: request.body.applyToSimilar,
      }),
  );

  app.get(
    '/financialviewer/categorization',
    {
      preHandler: subscribedWithAccounts,
      schema: {
        tags,
        querystring: ZTransactionFilters,
        response: { 200: ZCategorizationResponse, ...errors },
      },
    },
    (request) =>
      summarizeCategories(deps, {
        ...team(request),
        language: requestLanguage(request),
        filters: request.query,
      }),
  );

  app.get(
    '/financialviewer/cashflow',
    {
      preHandler: subscribedWithAccounts,
      schema: {
        tags,
        querystring: ZCashflowQuery,
        response: { 200: ZCashflowResponse, ...errors },
      },
    },
    (request) =>
      getCashflow(deps, {
        ...team(request),
        accountIds: request.query.accountIds,
        dateFrom: request.query.dateFrom,
        dateTo: request.query.dateTo,
      }),
  );

  app.post(
    '/financialviewer/cashflow',
    {
      preHandler: subscribed,
      schema: { tags, response: { 200: ZUpdateCashflowResponse, ...errors } },
    },
    async (request) => ({ accounts: await updateCashflow(deps, team(request)) }),
  );

  app.get(
    '/financialviewer/cashflow/forecast',
    {
      preHandler: subscribedWithAccounts,
      schema: {
        tags,
        querystring: ZForecastQuery,
        response: { 200: ZForecastResponse, ...errors },
      },
    },
    (request) =>
      getForecast(deps, {
        ...team(request),
        accountIds: request.query.accountIds,
        horizon: request.query.amountToPredict,
        threshold: request.query.threshold,
      }),
  );

  app.post(
    '/financialviewer/import/preview',
    {
      preHandler: subscribed,
      config: documentedMultipart({
        file: 'document',
        fields: ZImportFields.pick({ mapping: true }),
      }),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ZStatementPreview, ...errors },
      },
    },
    async (request) => {
      const { upload, fields } = await readStatementForm(deps, request, {
        ...team(request),
        maxFields: 5,
      });
      return withStoredUpload(deps, upload, () =>
        previewStatement(deps, upload, readMapping(fields.mapping)),
      );
    },
  );

  app.post(
    '/financialviewer/import',
    {
      preHandler: subscribed,
      config: documentedMultipart({ file: 'document', fields: ZImportFields }),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ZImportResult, 202: ZImportResult, ...errors },
      },
    },
    async (request, reply) => {
      const { upload, fields } = await readStatementForm(deps, request, {
        ...team(request),
        maxFields: 5,
      });
      const result = await withStoredUpload(deps, upload, () => {
        const parsed = ZImportFields.safeParse(fields);
        if (!parsed.success) {
          const fieldErrors = Object.fromEntries(
            parsed.error.issues.map((issue) => [String(issue.path[0]), 'validation.invalid']),
          );
          throw validationError(fieldErrors);
        }
        return importStatement(deps, {
          ...team(request),
          accountId: parsed.data.account_id,
          upload,
          mapping: readMapping(fields.mapping),
          initialBalance: parsed.data.initial_balance,
        });
      });
      return reply.status(result.status === 'QUEUED' ? 202 : 200).send(result);
    },
  );

  app.get(
    '/financialviewer/import/:id',
    {
      preHandler: subscribed,
      schema: { tags, params: ZImportIdParams, response: { 200: ZImportResult, ...errors } },
    },
    (request) => getImport(deps, { ...team(request), importId: request.params.id }),
  );
};
