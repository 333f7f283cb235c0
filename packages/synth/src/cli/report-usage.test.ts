import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportUsage, takeUsageTarget } from './report-usage.js';

function collectStderr() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('takeUsageTarget', () => {
  it('takes --report-usage and --token out of the arguments', () => {
    expect(
      takeUsageTarget([
        '--rows',
        '5',
        '--report-usage',
        'https://x.test/u',
        '--token',
        't',
        'in.csv',
      ]),
    ).toEqual({ args: ['--rows', '5', 'in.csv'], target: { url: 'https://x.test/u', token: 't' } });
    expect(takeUsageTarget(['in.csv'])).toEqual({ args: ['in.csv'] });
  });

  it('refuses an address without a token and an address that is not http(s)', () => {
    expect(takeUsageTarget(['--report-usage', 'https://x.test/u']).error).toMatch(/--token/);
    expect(takeUsageTarget(['--report-usage', 'file:///etc', '--token', 't']).error).toMatch(
      /http/,
    );
  });
});

describe('reportUsage', () => {
  const received: { url: string; body: unknown }[] = [];
  let status = 200;
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', body: JSON.parse(body) as unknown });
      response.statusCode = status;
      response.end(status === 200 ? '{}' : '{"error":{"code":"UNAUTHORIZED"}}');
    });
  });
  let url = '';
  const folder = mkdtempSync(path.join(tmpdir(), 'sinteza-usage-'));
  let queues = 0;
  const newQueue = () => path.join(folder, `queue-${String((queues += 1))}.jsonl`);
  const queued = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { rows: number; reportId: string });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/v1/sinteza/edge/usage`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        rmSync(folder, { recursive: true, force: true });
        server.close(() => {
          resolve();
        });
      }),
  );

  it('posts the summary, never the data, with the token in the address', async () => {
    const stderr = collectStderr();
    const sent = await reportUsage({
      target: { url, token: 'nte_abc' },
      summary: { command: 'synthesize', algorithm: 'bayesian-network', rows: 25 },
      durationMs: 12.4,
      version: '1.0.0',
      queueFile: newQueue(),
      stderr: stderr.stream,
    });
    expect(sent).toBe(true);
    expect(received.at(-1)).toEqual({
      url: '/v1/sinteza/edge/usage?token=nte_abc',
      body: {
        command: 'synthesize',
        algorithm: 'bayesian-network',
        rows: 25,
        durationMs: 12,
        version: '1.0.0',
        reportId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      },
    });
    expect(stderr.text()).toBe('');
  });

  it('says on standard error when the platform refuses or cannot be reached', async () => {
    status = 401;
    const refused = collectStderr();
    const summary = { command: 'synthesize' as const, algorithm: 'x', rows: 1 };
    const options = { summary, durationMs: 1, version: '1.0.0', queueFile: newQueue() };
    expect(
      await reportUsage({ ...options, target: { url, token: 'bad' }, stderr: refused.stream }),
    ).toBe(false);
    expect(refused.text()).toMatch(/^Usage report not sent \(kept .*\): the platform answered 401/);
    const unreachable = collectStderr();
    expect(
      await reportUsage({
        ...options,
        target: { url: 'http://127.0.0.1:9/usage', token: 't' },
        stderr: unreachable.stream,
      }),
    ).toBe(false);
    expect(unreachable.text()).toMatch(/^Usage report not sent \(kept to send on the next run\): /);
    status = 200;
  });

  it('keeps a report it could not send and sends it, once, on the next run; keeps one whose token was refused, drops one the platform refused as malformed', async () => {
    const queueFile = newQueue();
    const options = { durationMs: 1, version: '1.0.0', queueFile };
    const offline = { url: 'http://127.0.0.1:9/usage', token: 't' };
    const first = { command: 'synthesize-relational' as const, algorithm: 'x', rows: 7 };
    const ignored = collectStderr().stream;
    await reportUsage({ ...options, target: offline, summary: first, stderr: ignored });
    status = 503;
    await reportUsage({
      ...options,
      target: { url, token: 't' },
      summary: { ...first, rows: 8 },
      stderr: ignored,
    });
    const waiting = queued(queueFile);
    expect(waiting.map((report) => report.rows)).toEqual([7, 8]);

    status = 200;
    const before = received.length;
    const sent = await reportUsage({
      ...options,
      target: { url, token: 't' },
      summary: { ...first, rows: 9 },
      stderr: ignored,
    });
    expect(sent).toBe(true);
    const bodies = received
      .slice(before)
      .map((entry) => entry.body as { rows: number; reportId: string });
    expect(bodies.map((body) => body.rows)).toEqual([7, 8, 9]);
    expect(bodies[0]?.reportId).toBe(waiting[0]?.reportId);
    expect(() => readFileSync(queueFile)).toThrow();

    await reportUsage({ ...options, target: offline, summary: first, stderr: ignored });
    status = 401;
    await reportUsage({
      ...options,
      target: { url, token: 'bad' },
      summary: first,
      stderr: ignored,
    });
    expect(queued(queueFile)).toHaveLength(2);
    status = 400;
    await reportUsage({ ...options, target: { url, token: 't' }, summary: first, stderr: ignored });
    expect(() => readFileSync(queueFile)).toThrow();
    status = 200;
  });
});
