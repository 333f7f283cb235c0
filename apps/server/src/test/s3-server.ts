import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type S3TestServer = {
  /** The environment that points the app's storage at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** s3rver's built-in account: any other key id is refused. */
const ACCOUNT = { id: 'S3RVER', secret: 'S3RVER' };

/** Started in a process of its own, so that its memory is not counted as the app's. */
const SERVER_SCRIPT = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then(({ port }) => console.log(port));
`;

/** An S3 protocol server (s3rver) on loopback with one empty bucket, in a temporary folder. */
export async function startS3Server(bucket = 'neuron-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const child = spawn(process.execPath, ['-e', SERVER_SCRIPT, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const port = Number(line);
  if (!Number.isInteger(port)) throw new Error(`s3rver did not start: ${line}`);
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${String(port)}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: ACCOUNT.id,
      AWS_SECRET_ACCESS_KEY: ACCOUNT.secret,
    },
    async close() {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
