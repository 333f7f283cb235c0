import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { Clock } from './clock.js';
import {
  assertStorageKey,
  FileAddressSigner,
  type FileInfo,
  type Storage,
  type StoredFile,
} from './storage.js';

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph…); unset: AWS. Browsers must reach it too. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (instance or task role, shared config). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** Parts of a streamed upload: S3's smallest (up to 48 GiB in 10,000 parts), two in flight. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** The presigned GET the files route redirects to is used at once. */
const DOWNLOAD_REDIRECT_SECONDS = 60;

/**
 * Files in an S3 bucket. Downloads keep the same-origin signed address of every backend; the
 * files route checks it and redirects to a presigned GET. Uploads get a presigned PUT, so the
 * browser sends the bytes straight to the bucket. A presigned PUT cannot bound the body's size
 * (only sign one exact length), so each confirming route checks `size()` against its limit.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly signer: FileAddressSigner;

  constructor(private readonly options: { s3: S3Settings; secret: string; clock: Clock }) {
    const { s3 } = options;
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.credentials,
      // Checksums only where S3 demands them: S3-compatible servers (and presigned PUTs, which
      // would otherwise sign the checksum of an empty body) refuse the SDK's default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.signer = new FileAddressSigner(options);
  }

  /**
   * HeadBucket at start: a missing bucket, a refused credential, a wrong region or an
   * unreachable endpoint is said then, naming the bucket, rather than at the first file.
   */
  async check(): Promise<void> {
    const { bucket } = this.options.s3;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      throw new Error(`The S3 bucket "${bucket}" ${this.refusal(error)}.`, { cause: error });
    }
  }

  /** Why HeadBucket failed, in the terms of the variables that would fix it. */
  private refusal(error: unknown): string {
    const { endpoint, region } = this.options.s3;
    if (!(error instanceof S3ServiceException)) {
      const message = error instanceof Error ? error.message : String(error);
      return `cannot be reached${endpoint ? ` at ${endpoint}` : ''}: ${message}`;
    }
    const status = error.$metadata.httpStatusCode;
    // A HEAD answer has no body: S3 says a bucket is elsewhere with a 301 and this header, and
    // S3-compatible stores refuse a signature's region with a bare 400.
    const bucketRegion = error.$response?.headers['x-amz-bucket-region'];
    if (status === 301 && bucketRegion) return `is in region ${bucketRegion} (set S3_REGION)`;
    if (status === 301 || status === 400) {
      return `refuses requests signed for region ${region} (correct S3_REGION)`;
    }
    if (status === 404) return 'does not exist (create it, or correct S3_BUCKET)';
    if (status === 401 || status === 403) {
      return 'refuses these credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)';
    }
    return `answered ${String(status)}${endpoint ? ` at ${endpoint}` : ''}: ${error.message}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ ...this.address(key), Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const object = await this.whenFound(() =>
      this.client.send(new GetObjectCommand(this.address(key))),
    );
    if (!object?.Body) return undefined;
    const body = Buffer.from(await object.Body.transformToByteArray());
    return { body, contentType: object.ContentType ?? 'application/octet-stream' };
  }

  /** A multipart upload: at most PARTS_IN_FLIGHT parts of PART_BYTES are held at once. */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { ...this.address(key), Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    await upload.done();
  }

  async openRead(key: string): Promise<Readable | undefined> {
    const object = await this.whenFound(() =>
      this.client.send(new GetObjectCommand(this.address(key))),
    );
    return object?.Body as Readable | undefined;
  }

  async size(key: string): Promise<number | undefined> {
    return (await this.head(key))?.size;
  }

  async head(key: string): Promise<FileInfo | undefined> {
    const object = await this.whenFound(() =>
      this.client.send(new HeadObjectCommand(this.address(key))),
    );
    if (!object) return undefined;
    return {
      size: object.ContentLength ?? 0,
      contentType: object.ContentType ?? 'application/octet-stream',
    };
  }

  async has(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.address(key)));
  }

  /** The bucket's keys, a page of up to 1,000 at a time. */
  async *keys(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.s3.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token);
  }

  signedUrl(key: string, options: { expiresInSeconds?: number } = {}): string {
    return this.signer.downloadUrl(key, options);
  }

  async signedUploadUrl(key: string, options: { expiresInSeconds?: number; maxBytes: number }) {
    return await this.presign(
      new PutObjectCommand(this.address(key)),
      options.expiresInSeconds ?? 3600,
    );
  }

  verify(key: string, expires: number, signature: string): boolean {
    return this.signer.verify(key, expires, signature);
  }

  /** Uploads go to the bucket's own presigned address: the same-origin PUT route takes none. */
  verifyUpload(): boolean {
    return false;
  }

  downloadLocation(key: string): Promise<string> {
    return this.presign(new GetObjectCommand(this.address(key)), DOWNLOAD_REDIRECT_SECONDS);
  }

  /** Signed at the app's clock, so the expiry counts from the same "now" as everything else. */
  private presign(command: PutObjectCommand | GetObjectCommand, expiresIn: number) {
    return getSignedUrl(this.client, command, {
      expiresIn,
      signingDate: this.options.clock.now(),
    });
  }

  private address(key: string): { Bucket: string; Key: string } {
    assertStorageKey(key);
    return { Bucket: this.options.s3.bucket, Key: key };
  }

  private async whenFound<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        return undefined;
      }
      throw error;
    }
  }

  /** The origin browsers reach for presigned addresses (for the page's CSP). */
  static publicOrigin(s3: S3Settings): string {
    if (s3.endpoint) return new URL(s3.endpoint).origin;
    return s3.forcePathStyle
      ? `https://s3.${s3.region}.amazonaws.com`
      : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  }
}
