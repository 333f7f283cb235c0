import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export type S3TestServer = {
  /** The environment that points the app's storage at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** s3rver's built-in account: any other key id is refused. */
const ACCOUNT = { id: 'S3RVER', secret: 'S3RVER' };
const REGION = 'us-east-1';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Started in a process of its own, so that its memory is not counted as the app's. */
const SERVER_PROCESS = fileURLToPath(new URL('s3-server-process.ts', import.meta.url));

/**
 * The bucket's CORS rule for a web app at these origins, as the README asks of a deployment:
 * the browser PUTs uploads (with a `Content-Type`) and GETs downloads.
 */
function corsConfiguration(origins: string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    `${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>` +
    '<AllowedHeader>Content-Type</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}

/**
 * An S3 protocol server (s3rver) on loopback with one empty bucket, in a temporary folder, reached
 * through a check of every request's SigV4 signature (s3rver checks none): a request that real S3
 * would refuse for its signature, region or expiry is refused here too. With `corsOrigins`, the
 * bucket has a CORS rule for them (none without: browsers are refused).
 */
export async function startS3Server(
  bucket = 'neuron-test',
  options: { corsOrigins?: string[] } = {},
): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const cors = options.corsOrigins ? corsConfiguration(options.corsOrigins) : '';
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      SERVER_PROCESS,
      directory,
      bucket,
      cors,
      ACCOUNT.id,
      ACCOUNT.secret,
      REGION,
    ],
    { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line').then(([first]) => String(first)),
    once(child, 'exit').then(([code]) => `it exited with code ${String(code)}`),
  ]);
  const port = Number(line);
  if (!Number.isInteger(port)) {
    child.kill();
    rmSync(directory, { recursive: true, force: true });
    throw new Error(`s3rver did not start: ${line}`);
  }
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: REGION,
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

/** A client of the test bucket, signed as the app signs, with `changes` to its settings. */
export function bucketClient(server: S3TestServer, changes: Partial<S3ClientConfig> = {}) {
  return new S3Client({
    region: server.env.S3_REGION,
    endpoint: server.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: {
      accessKeyId: server.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: server.env.AWS_SECRET_ACCESS_KEY ?? '',
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...changes,
  });
}
