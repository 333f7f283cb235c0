import type { TRelationalTable, TRelationship } from '@app/contracts/nucleus';
import { expect } from 'vitest';
import { bearer, signUpConfirmed, type TestApp } from '../../test/test-app.js';
import { addPaymentMethod, CARDS, subscribe } from '../billing/billing-fixtures.js';
import { priceId } from '../catalogue/seed.js';
import { confirmedRun } from './nucleus-fixtures.js';

const DISTRICTS = ['Praha', 'Brno', 'Ostrava', 'Plzen'];
const FREQUENCIES = ['monthly', 'weekly', 'after transaction'];

/**
 * A small bank in the shape of Berka: accounts; loans, one for some accounts; transactions,
 * many per account, larger for the accounts of Praha.
 */
export function bankCsvs(accountCount = 60): { accounts: string; loans: string; trans: string } {
  const accounts = ['account_id,district,frequency,opened'];
  const loans = ['loan_id,account_id,amount,duration,status'];
  const trans = ['trans_id,account_id,type,amount,balance'];
  for (let account = 0; account < accountCount; account++) {
    const id = 100 + account;
    const district = DISTRICTS[account % DISTRICTS.length] ?? 'Praha';
    const month = String(1 + (account % 12)).padStart(2, '0');
    accounts.push(
      `${String(id)},${district},${FREQUENCIES[account % 3] ?? 'monthly'},1995-${month}-15`,
    );
    if (account % 3 === 0) {
      const amount = 20_000 + ((account * 7919) % 300) * 1000;
      loans.push(
        `${String(5000 + account)},${String(id)},${String(amount)},${String(12 * (1 + (account % 5)))},${account % 4 === 0 ? 'B' : 'A'}`,
      );
    }
    const count = 2 + (account % 5);
    for (let transaction = 0; transaction < count; transaction++) {
      const amount = (district === 'Praha' ? 5000 : 500) + (((account + transaction) * 37) % 400);
      trans.push(
        `${String(trans.length + 9000)},${String(id)},${transaction % 2 === 0 ? 'credit' : 'withdrawal'},${String(amount)},${String(amount * 3)}`,
      );
    }
  }
  const text = (lines: string[]) => `${lines.join('\n')}\n`;
  return { accounts: text(accounts), loans: text(loans), trans: text(trans) };
}

/** A new team on a paid Nucleus plan (Starter: 3 datasets per run), paid with a sandbox card. */
export async function starterTeam(
  test: TestApp,
  planCode = 'STARTER',
): Promise<{ session: string; teamId: string }> {
  const user = await signUpConfirmed(test);
  const paymentId = await addPaymentMethod(test, user.token, { card: CARDS.visa });
  const subscribed = await subscribe(
    test,
    user.token,
    { priceId: priceId('Nucleus', planCode, 'MONTH'), planCode, paymentId },
    'Nucleus',
  );
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  return { session: user.token, teamId: user.teamId };
}

/** The bank's three tables uploaded and confirmed, and the request that links them. */
export async function uploadBank(
  test: TestApp,
  session: string,
): Promise<{ tables: TRelationalTable[]; relationships: TRelationship[] }> {
  const csvs = bankCsvs();
  const accounts = await confirmedRun(test, session, csvs.accounts);
  const loans = await confirmedRun(test, session, csvs.loans);
  const trans = await confirmedRun(test, session, csvs.trans);
  return {
    tables: [
      { runId: loans.runId, name: 'loans', primaryKey: 'loan_id' },
      { runId: accounts.runId, name: 'accounts', primaryKey: 'account_id' },
      { runId: trans.runId, name: 'trans', primaryKey: 'trans_id' },
    ],
    relationships: [
      { parent: 'accounts', child: 'loans', foreignKey: 'account_id' },
      { parent: 'accounts', child: 'trans', foreignKey: 'account_id' },
    ],
  };
}

export function startRelational(test: TestApp, session: string, body: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/sinteza/synthesize/relational',
    headers: bearer(session),
    payload: { algorithm: 'bayesian-network', ...body },
  });
}
