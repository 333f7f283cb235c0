import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { CpuPool } from './cpu-pool.js';

const SENTENCE = 'The applicant, Mr John Smith, lives in Madrid and wrote to john@example.com. ';

describe('CpuPool', () => {
  const pool = new CpuPool({ maxThreads: 1, maxQueue: 1 });
  afterEach(() => pool.close());

  it('runs a task in a worker thread and answers the engine’s own errors as data', async () => {
    const outcome = await pool.run('anonymizeText', { text: SENTENCE, mode: 'text' });
    expect(outcome).toMatchObject({ ok: true, value: { findings: { EMAIL: 1 } } });
    expect(outcome.ok && outcome.value.text).not.toContain('Smith');
    expect(await pool.run('anonymizeText', { text: '<p>Mr Smith</p>', mode: 'text' })).toEqual({
      ok: false,
      code: 'NOT_PLAIN_TEXT',
      message: 'The text is not in plain format',
    });
    const statement = new TextEncoder().encode('just some words\nnothing like a statement\n');
    expect(await pool.run('readStatement', { data: statement })).toMatchObject({ ok: false });
  });

  it('refuses a task with BUSY once the queue is full, and runs the rest', async () => {
    const text = SENTENCE.repeat(2000);
    const running = pool.run('anonymizeText', { text, mode: 'text' });
    const waiting = pool.run('anonymizeText', { text, mode: 'text' });
    await expect(pool.run('anonymizeText', { text, mode: 'text' })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'BUSY',
    );
    expect((await running).ok).toBe(true);
    expect((await waiting).ok).toBe(true);
  });
});
