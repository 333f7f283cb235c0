import {
  ZAddAccountResponse,
  ZBanksResponse,
  ZImportResult,
  ZManagerAccountIds,
  ZManagerAddAccountRequest,
  ZManagerAddConnectionQuery,
  ZManagerBalancesResponse,
  ZManagerBanksQuery,
  ZManagerConnectionQuery,
  ZManagerFileQuery,
  ZManagerSummaryQuery,
  ZManagerSummaryResponse,
  ZManagerTeamQuery,
} from '@app/contracts/financial-viewer';
import { ZErrorResponse } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';

import { documentedMultipart } from '../../platform/uploads.js';
import { listBanks } from './connections.js';
import {
  callFinancialManager,
  managerAddAccount,
  managerAddConnection,
  managerBalances,
  managerImportFile,
  managerRefreshForecast,
  managerRemoveConnection,
  managerSummary,
  managerUpdateCashflow,
} from './financial-manager.js';
import { readStatementForm, withStoredUpload } from './statement-import.js';
import { checkDateRange } from './dates.js';

export const FINANCIAL_MANAGER_PREFIX = '/v1/financial';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
  422: ZErrorResponse,
  429: ZErrorResponse,
};

/**
 * The financial manager service under /v1/financial (the address the token page shows):
 * the spec's calls with its names and query parameters, for the subscription's access token.
 */
export const financialManagerRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (
  app,
  { deps },
) => {
  const tags = ['FinancialViewer'];
  const endpoint = (name: string) => `${FINANCIAL_MANAGER_PREFIX}/${name}`;

  app.get(
    '/getbanks',
    {
      schema: {
        tags,
        summary:
          'The banks that can be connected or imported (bank_name, bank_code, country_code, logo)',
        querystring: ZManagerBanksQuery,
        response: { 200: ZBanksResponse, ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        endpoint: endpoint('getbanks'),
        run: () => listBanks(deps, { countryCode: request.query.country }),
      }),
  );

  app.post(
    '/addconexion',
    {
      schema: {
        tags,
        summary: 'A connection of imported statements for a bank; answers its con_id',
        querystring: ZManagerAddConnectionQuery,
        response: { 200: z.object({ con_id: z.uuid() }), ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        teamId: request.query.team_id,
        endpoint: endpoint('addconexion'),
        run: (access) =>
          managerAddConnection(deps, access, {
            name: request.query.conn_name,
            bankCode: request.query.bank_code,
            bankName: request.query.bank_name,
          }),
      }),
  );

  app.post(
    '/addaccount',
    {
      schema: {
        tags,
        summary: 'An account or card of a connection (a list of one manual account import item)',
        querystring: ZManagerConnectionQuery,
        body: ZManagerAddAccountRequest,
        response: { 200: ZAddAccountResponse, ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        teamId: request.query.team_id,
        endpoint: endpoint('addaccount'),
        run: (access) =>
          managerAddAccount(deps, access, {
            connectionId: request.query.conn_id,
            accounts: request.body,
          }),
      }),
  );

  app.post(
    '/addconexionfile',
    {
      config: documentedMultipart({ file: 'document' }),
      schema: {
        tags,
        summary:
          'Imports a statement (.csv, .xls, .xlsx; multipart field "document") into an account',
        consumes: ['multipart/form-data'],
        querystring: ZManagerFileQuery,
        response: { 200: ZImportResult, 202: ZImportResult, ...errors },
      },
    },
    async (request, reply) => {
      const result = await callFinancialManager(deps, {
        token: request.query.token,
        teamId: request.query.team_id,
        endpoint: endpoint('addconexionfile'),
        run: async (access) => {
          const { upload } = await readStatementForm(deps, request, {
            teamId: access.teamId,
            maxFields: 2,
          });
          return withStoredUpload(deps, upload, () =>
            managerImportFile(deps, access, {
              connectionId: request.query.conn_id,
              accountId: request.query.account_id,
              accountType: request.query.accounts_type,
              upload,
              initialBalance: request.query.initial_balance,
            }),
          );
        },
        units: (imported) => imported.added,
      });
      return reply.status(result.status === 'QUEUED' ? 202 : 200).send(result);
    },
  );

  app.post(
    '/getaccountsbalances',
    {
      schema: {
        tags,
        summary: 'The balance of each account and the total in euros',
        querystring: ZManagerTeamQuery,
        body: ZManagerAccountIds,
        response: { 200: ZManagerBalancesResponse, ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        teamId: request.query.team_id,
        endpoint: endpoint('getaccountsbalances'),
        run: (access) => managerBalances(deps, access, request.body.account_ids),
      }),
  );

  app.post(
    '/getaccountssummary',
    {
      schema: {
        tags,
        summary:
          'Incomes, expenses, cashflow, balance and number of transactions between two dates',
        querystring: ZManagerSummaryQuery,
        body: ZManagerAccountIds,
        response: { 200: ZManagerSummaryResponse, ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        endpoint: endpoint('getaccountssummary'),
        run: (access) => {
          checkDateRange(
            { from: request.query.date_start, to: request.query.date_end },
            { from: 'date_start', to: 'date_end' },
            deps.clock.now(),
          );
          return managerSummary(deps, access, {
            accountIds: request.body.account_ids,
            dateStart: request.query.date_start,
            dateEnd: request.query.date_end,
          });
        },
      }),
  );

  app.post(
    '/removeconexion',
    {
      schema: {
        tags,
        summary: 'Removes a connection with its accounts and transactions',
        querystring: ZManagerConnectionQuery,
        response: { 200: z.object({ removed: z.literal(true) }), ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        teamId: request.query.team_id,
        endpoint: endpoint('removeconexion'),
        run: (access) => managerRemoveConnection(deps, access, request.query.conn_id),
      }),
  );

  app.post(
    '/updatecashflow',
    {
      schema: {
        tags,
        summary: 'Rebuilds the daily cashflow of every account of the team',
        querystring: ZManagerTeamQuery,
        response: { 200: z.object({ accounts: z.number().int() }), ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        teamId: request.query.team_id,
        endpoint: endpoint('updatecashflow'),
        run: (access) => managerUpdateCashflow(deps, access),
      }),
  );

  app.post(
    '/refreshcashflowforecast',
    {
      schema: {
        tags,
        summary: 'Makes the stored forecasts again on their next read',
        querystring: ZManagerTeamQuery,
        response: { 200: z.object({ refreshed: z.literal(true) }), ...errors },
      },
    },
    (request) =>
      callFinancialManager(deps, {
        token: request.query.token,
        teamId: request.query.team_id,
        endpoint: endpoint('refreshcashflowforecast'),
        run: (access) => managerRefreshForecast(deps, access),
      }),
  );
};
