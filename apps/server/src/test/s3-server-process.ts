/**
 * The process `startS3Server` runs (through tsx): s3rver on loopback with one bucket, behind the
 * SigV4 check that s3rver lacks. Prints the check's port, the only one clients are given.
 */
import { createRequire } from 'node:module';
import { SignatureCheck } from './s3-signature-check.js';

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
};
// s3rver ships CommonJS without types.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => {
  run(): Promise<{ port: number }>;
};

const [
  directory = '',
  bucket = '',
  cors = '',
  accessKeyId = '',
  secretAccessKey = '',
  region = '',
] = process.argv.slice(2);
const { port } = await new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: cors ? [cors] : [] }],
}).run();
const checkPort = await new SignatureCheck({
  upstreamPort: port,
  accessKeyId,
  secretAccessKey,
  region,
}).listen();
console.log(String(checkPort));
