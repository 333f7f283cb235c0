import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startProcess, type ServerProcess } from './test/processes.js';

let server: ServerProcess | undefined;
afterEach(() => {
  server?.child.kill('SIGKILL');
  server = undefined;
});

describe('an API process stopping on SIGTERM', () => {
  it(
    'finishes the request in flight, refuses new connections, then exits',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      server = startProcess('src/main.ts', { PORT: String(port), HOST: '127.0.0.1' });
      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          () =>
            fetch(`${base}/api/health/live`).then(
              (r) => r.status,
              () => 0,
            ),
          {
            timeout: 60_000,
            interval: 250,
          },
        )
        .toBe(200);

      // A request whose body is still on its way: the server has begun it and must finish it.
      const body = JSON.stringify({ email: 'ana@acme-industries.com', password: 'Wrong#Pass1' });
      const socket = connect(port, '127.0.0.1');
      const response = readAll(socket);
      socket.write(
        `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await expect
        .poll(() => server?.output())
        .toMatch(/"url":"\/api\/login".*"msg":"incoming request"/);
      server.child.kill('SIGTERM');
      await expect.poll(() => canConnect(port), { timeout: 30_000, interval: 100 }).toBe(false);

      socket.write(body.slice(10));
      const answer = await response;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('INVALID_CREDENTIALS');
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      // The embedded database has no autovacuum of its own: the server runs one.
      expect(server.output()).toContain('"msg":"autovacuum of the embedded database started"');
    },
  );
});

function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => {
      resolve(text);
    });
    socket.on('error', reject);
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => {
      resolve(false);
    });
  });
}
