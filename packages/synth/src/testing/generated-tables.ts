import { createRandom } from '@app/engine-kit';

const WORK = ['Private', 'Self-emp', 'Local-gov', 'State-gov', 'Federal-gov'];
const EDUCATION = ['HS-grad', 'Some-college', 'Bachelors', 'Masters', 'Doctorate'];

/**
 * A census-like CSV of the shape of adult (numbers, categories with missing values, a skewed
 * amount, a binary label), generated from a seed, for tests that must not need `../shared`.
 */
export function censusLikeCsv(rows: number, seed = 1): string {
  const random = createRandom(seed);
  const lines = ['age,workclass,fnlwgt,education,education-num,capital-gain,hours-per-week,income'];
  for (let index = 0; index < rows; index++) {
    const educationNum = Math.floor(random.uniform() * EDUCATION.length);
    const age = 17 + Math.floor(random.uniform() * 60);
    const workclass = random.uniform() < 0.05 ? '' : WORK[Math.floor(random.uniform() * 5)];
    const weight = 20_000 + Math.floor(random.uniform() * 1_400_000);
    const gain = random.uniform() < 0.9 ? 0 : Math.floor(random.uniform() * 99_999);
    const hours = Math.max(1, Math.min(99, Math.round(40 + random.normal() * 12)));
    const rich = random.uniform() < 0.1 + educationNum * 0.12;
    lines.push(
      [
        age,
        workclass,
        weight,
        EDUCATION[educationNum],
        educationNum + 9,
        gain,
        hours,
        rich ? '>50K' : '<=50K',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Two linked bank tables shaped like Berka's: accounts, and 2 to 20 transactions each. */
export function bankTablesCsv(accounts: number, seed = 1): { account: string; trans: string } {
  const random = createRandom(seed);
  const accountLines = ['account_id,district_id,frequency'];
  const transLines = ['trans_id,account_id,type,amount'];
  for (let index = 0; index < accounts; index++) {
    const accountId = 1000 + index * 7;
    const monthly = random.uniform() < 0.8;
    accountLines.push(
      `${String(accountId)},${String(1 + Math.floor(random.uniform() * 77))},${monthly ? 'MONTHLY' : 'WEEKLY'}`,
    );
    const count = 2 + Math.floor(random.uniform() * 19);
    for (let trans = 0; trans < count; trans++) {
      const credit = random.uniform() < 0.4;
      const amount = Math.round((credit ? 2000 : 300) * (0.5 + random.uniform()));
      transLines.push(
        `${String(100_000 + transLines.length)},${String(accountId)},${credit ? 'credit' : 'debit'},${String(amount)}`,
      );
    }
  }
  return { account: `${accountLines.join('\n')}\n`, trans: `${transLines.join('\n')}\n` };
}
