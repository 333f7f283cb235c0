import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createOutboxTransport } from './transport.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(async () => {
  await database.close();
});

describe('outbox transport', () => {
  it('keeps the message and logs one line with the link it carries', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const transport = createOutboxTransport({ db: database.db, log: pino(stream) });

    await transport.deliver({
      to: 'ana@acme-industries.com',
      subject: 'Confirm your email',
      text: 'Hello\n\nConfirm my email: http://localhost:3000/registration_confirm/abc123\n',
      html: '<p>Hello</p>',
    });

    const stored = await database.db.select().from(mailOutbox);
    expect(stored).toMatchObject([
      { to: 'ana@acme-industries.com', subject: 'Confirm your email' },
    ]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      to: 'ana@acme-industries.com',
      link: 'http://localhost:3000/registration_confirm/abc123',
    });
  });
});
