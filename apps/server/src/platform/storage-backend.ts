import path from 'node:path';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import { S3Storage } from './s3-storage.js';
import { LocalStorage, type Storage } from './storage.js';

/** The configured storage: the S3 bucket when S3_BUCKET is set, else `{DATA_DIR}/files`. */
export function createStorage(
  config: Pick<Config, 's3' | 'dataDir' | 'jwtSecret'>,
  clock: Clock,
): Storage {
  const secret = config.jwtSecret;
  if (config.s3) return new S3Storage({ s3: config.s3, secret, clock });
  return new LocalStorage({ root: path.join(config.dataDir, 'files'), secret, clock });
}
