import { createHash } from 'node:crypto';
import {
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketClient, startS3Server, type S3TestServer } from './s3-server.js';
import { Sha256 } from './s3-signature-check.js';

let s3: S3TestServer;
const clients: S3Client[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await s3.close();
});

const bucket = () => s3.env.S3_BUCKET ?? '';

/** A client of the test bucket as the app makes it, with `changes` to its settings. */
function clientWith(changes: Partial<S3ClientConfig> = {}): S3Client {
  const client = bucketClient(s3, changes);
  clients.push(client);
  return client;
}

/** The S3 error code and status a request was refused with. */
async function refusal(request: Promise<unknown>): Promise<{ status?: number; code: string }> {
  try {
    await request;
  } catch (error) {
    if (error instanceof S3ServiceException) {
      return { status: error.$metadata.httpStatusCode, code: error.name };
    }
    throw error;
  }
  throw new Error('the request was accepted');
}

async function stored(key: string): Promise<boolean> {
  const found = clientWith().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
  return found.then(
    () => true,
    (error: unknown) => {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        return false;
      }
      throw error;
    },
  );
}

/** The code in an S3 error body. */
async function codeOf(response: Response): Promise<string> {
  return /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1] ?? '';
}

describe('the SigV4 check in front of the test bucket', () => {
  it('refuses a request signed with a wrong secret and stores nothing', async () => {
    const wrong = clientWith({
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: 'WRONG' },
    });
    const put = wrong.send(new PutObjectCommand({ Bucket: bucket(), Key: 'sig/a.txt', Body: 'a' }));
    expect(await refusal(put)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await stored('sig/a.txt')).toBe(false);
  });

  it('refuses a request signed for another region', async () => {
    const put = clientWith({ region: 'eu-west-1' }).send(
      new PutObjectCommand({ Bucket: bucket(), Key: 'sig/b.txt', Body: 'b' }),
    );
    expect(await refusal(put)).toEqual({ status: 400, code: 'AuthorizationHeaderMalformed' });
    expect(await stored('sig/b.txt')).toBe(false);
  });

  it('refuses a body other than the one whose hash was signed', async () => {
    const url = new URL(`${s3.env.S3_ENDPOINT ?? ''}/${bucket()}/sig/c.txt`);
    const signer = new SignatureV4({
      credentials: {
        accessKeyId: s3.env.AWS_ACCESS_KEY_ID ?? '',
        secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY ?? '',
      },
      region: s3.env.S3_REGION ?? '',
      service: 's3',
      sha256: Sha256,
    });
    const { headers } = await signer.sign({
      method: 'PUT',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: {
        host: url.host,
        'x-amz-content-sha256': createHash('sha256').update('good').digest('hex'),
      },
    });
    // fetch sends the same Host by itself.
    const sent = Object.entries(headers).filter(([name]) => name !== 'host');
    const evil = await fetch(url, { method: 'PUT', headers: sent, body: 'evil' });
    expect([evil.status, await codeOf(evil)]).toEqual([400, 'XAmzContentSHA256Mismatch']);
    expect(await stored('sig/c.txt')).toBe(false);

    const good = await fetch(url, { method: 'PUT', headers: sent, body: 'good' });
    expect(good.status, await good.text()).toBe(200);
  });

  it('refuses a presigned PUT to another key than the one signed', async () => {
    const url = await getSignedUrl(
      clientWith(),
      new PutObjectCommand({ Bucket: bucket(), Key: 'sig/mine.csv' }),
    );
    const other = url.replace('/sig/mine.csv?', '/sig/theirs.csv?');
    const put = await fetch(other, { method: 'PUT', body: 'x' });
    expect([put.status, await codeOf(put)]).toEqual([403, 'SignatureDoesNotMatch']);
    expect(await stored('sig/theirs.csv')).toBe(false);
  });

  it('takes a presigned PUT only with the Content-Type and length it signed', async () => {
    // The app's presigned PUTs sign neither (the SDK leaves Content-Type out unless asked), so
    // the browser may send any; an address that signs them holds the browser to them.
    const url = await getSignedUrl(
      clientWith(),
      new PutObjectCommand({
        Bucket: bucket(),
        Key: 'sig/typed.csv',
        ContentType: 'text/csv',
        ContentLength: 4,
      }),
      { signableHeaders: new Set(['content-type']) },
    );
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
    const otherType = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'a,b\n',
    });
    expect([otherType.status, await codeOf(otherType)]).toEqual([403, 'SignatureDoesNotMatch']);
    const otherLength = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b,c\n',
    });
    expect([otherLength.status, await codeOf(otherLength)]).toEqual([403, 'SignatureDoesNotMatch']);
    expect(await stored('sig/typed.csv')).toBe(false);

    const signed = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b\n',
    });
    expect(signed.status, await signed.text()).toBe(200);
    expect(await stored('sig/typed.csv')).toBe(true);
  });

  it('refuses a presigned PUT that sends an x-amz- header it did not sign', async () => {
    const url = await getSignedUrl(
      clientWith(),
      new PutObjectCommand({ Bucket: bucket(), Key: 'sig/public.csv' }),
    );
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'x-amz-acl': 'public-read' },
      body: 'x',
    });
    expect([put.status, await codeOf(put)]).toEqual([403, 'AccessDenied']);
    expect(await stored('sig/public.csv')).toBe(false);
  });

  it('refuses an expired presigned PUT and one signed for another region', async () => {
    const command = new PutObjectCommand({ Bucket: bucket(), Key: 'sig/late.csv' });
    const expired = await getSignedUrl(clientWith(), command, {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 2 * 3600 * 1000),
    });
    const late = await fetch(expired, { method: 'PUT', body: 'x' });
    expect([late.status, await codeOf(late)]).toEqual([403, 'AccessDenied']);

    const elsewhere = await getSignedUrl(clientWith({ region: 'eu-west-1' }), command);
    const put = await fetch(elsewhere, { method: 'PUT', body: 'x' });
    expect([put.status, await codeOf(put)]).toEqual([400, 'AuthorizationQueryParametersError']);
    expect(await stored('sig/late.csv')).toBe(false);
  });
});
