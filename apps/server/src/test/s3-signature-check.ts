import { createHash, createHmac } from 'node:crypto';
import {
  createServer,
  request as upstreamRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { getCanonicalHeaders, getCanonicalQuery, SignatureV4 } from '@smithy/signature-v4';

export type SignatureCheckOptions = {
  /** The S3 protocol server on loopback that requests go on to once their signature holds. */
  upstreamPort: number;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 's3';
/** What S3 signs in place of the body's hash for a presigned address. */
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** S3 refuses a header-signed request dated more than 15 minutes from its own clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** The longest a presigned address may last: a week. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

/** An S3 error answer: its status, code and message. */
class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** SHA-256, keyed (HMAC) when given a secret: the hash the signer derives keys and signs with. */
export class Sha256 {
  private readonly hash: { update(data: Buffer): unknown; digest(): Buffer };

  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }

  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytesOf(data));
  }

  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}

function bytesOf(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What a request says of its signature, from its Authorization header or its query. */
type Claim = {
  inQuery: boolean;
  accessKeyId: string;
  /** `YYYYMMDDTHHMMSSZ`, as signed. */
  longDate: string;
  date: Date;
  scopeDate: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** Only presigned addresses expire, this many seconds after `date`. */
  expiresInSeconds?: number;
};

type Query = Record<string, string | string[]>;

/** The query as S3 reads it: every name and value percent-decoded, a bare name as empty. */
function parseQuery(search: string): Query {
  const query: Query = {};
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const separator = pair.indexOf('=');
    const [rawName, rawValue] =
      separator === -1 ? [pair, ''] : [pair.slice(0, separator), pair.slice(separator + 1)];
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName);
      value = decodeURIComponent(rawValue);
    } catch {
      throw new S3Refusal(400, 'InvalidArgument', `The query parameter ${pair} is not encoded.`);
    }
    const previous = query[name];
    query[name] =
      previous === undefined
        ? value
        : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

/** S3's refusal of a signature it cannot read, in the Authorization header or in the query. */
function malformed(inQuery: boolean, message: string): S3Refusal {
  return inQuery
    ? new S3Refusal(400, 'AuthorizationQueryParametersError', message)
    : new S3Refusal(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; ${message}`,
      );
}

/** S3's refusal of a credential scope other than this server's. */
function wrongScope(inQuery: boolean, message: string): S3Refusal {
  return malformed(
    inQuery,
    inQuery ? `Error parsing the X-Amz-Credential parameter; ${message}` : message,
  );
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `YYYYMMDDTHHMMSSZ` to a date; undefined when it is not one. */
function parseLongDate(longDate: string): Date | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(longDate);
  if (!parts) return undefined;
  const [, year, month, day, hours, minutes, seconds] = parts;
  const date = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The claim of a header-signed request, or undefined when it carries no Authorization. */
function headerClaim(request: IncomingMessage): Claim | undefined {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return undefined;
  if (!authorization.startsWith(`${ALGORITHM} `)) {
    throw malformed(false, `only ${ALGORITHM} signatures are understood.`);
  }
  const fields = new Map(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((field) => {
        const separator = field.indexOf('=');
        return [field.slice(0, separator).trim(), field.slice(separator + 1).trim()] as const;
      }),
  );
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeaders || !signature) {
    throw malformed(false, 'it needs Credential, SignedHeaders and Signature.');
  }
  const longDate = single(request.headers['x-amz-date']) ?? '';
  const date = parseLongDate(longDate);
  if (!date) {
    throw new S3Refusal(
      403,
      'AccessDenied',
      'AWS authentication requires a valid x-amz-date header.',
    );
  }
  if (Math.abs(Date.now() - date.getTime()) > MAX_SKEW_MS) {
    throw new S3Refusal(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const payloadHash = single(request.headers['x-amz-content-sha256']);
  if (payloadHash === undefined) {
    throw new S3Refusal(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256.',
    );
  }
  return {
    inQuery: false,
    ...scopeOf(false, credential),
    longDate,
    date,
    signedHeaders: signedHeaders.split(';'),
    signature,
    payloadHash,
  };
}

/** The claim of a presigned address, or undefined when its query carries no signature. */
function queryClaim(query: Query): Claim | undefined {
  if (query['X-Amz-Algorithm'] === undefined) return undefined;
  const read = (name: string) => {
    const value = query[name];
    if (typeof value !== 'string') {
      throw malformed(
        true,
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, ' +
          'X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    return value;
  };
  if (read('X-Amz-Algorithm') !== ALGORITHM) {
    throw malformed(true, `X-Amz-Algorithm only supports "${ALGORITHM}".`);
  }
  const longDate = read('X-Amz-Date');
  const date = parseLongDate(longDate);
  if (!date) {
    throw malformed(
      true,
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\".",
    );
  }
  const expiresInSeconds = Number(read('X-Amz-Expires'));
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 0) {
    throw malformed(true, 'X-Amz-Expires must be a non-negative integer.');
  }
  if (expiresInSeconds > MAX_EXPIRES_SECONDS) {
    throw malformed(true, 'X-Amz-Expires must be less than a week (in seconds).');
  }
  return {
    inQuery: true,
    ...scopeOf(true, read('X-Amz-Credential')),
    longDate,
    date,
    signedHeaders: read('X-Amz-SignedHeaders').split(';'),
    signature: read('X-Amz-Signature'),
    payloadHash: UNSIGNED_PAYLOAD,
    expiresInSeconds,
  };
}

/** `KEY/YYYYMMDD/region/service/aws4_request`. */
function scopeOf(inQuery: boolean, credential: string) {
  const [accessKeyId, scopeDate, region, service, terminator, ...rest] = credential.split('/');
  if (
    !accessKeyId ||
    !scopeDate ||
    !region ||
    !service ||
    terminator !== 'aws4_request' ||
    rest.length > 0
  ) {
    throw wrongScope(inQuery, `${credential} is not KEY/date/region/service/aws4_request.`);
  }
  return { accessKeyId, scopeDate, region, service };
}

/**
 * A SigV4 check in front of an S3 protocol server that checks none (s3rver): every signed
 * request has its signature computed again with the account's secret, as S3 does, and is
 * refused with S3's error when it differs; only then does it go on. Header-signed requests
 * (the SDK's) and presigned addresses (the browser's) alike, with the body's hash when the
 * request signed one. Requests without a signature, and CORS preflights, go on untouched.
 */
export class SignatureCheck {
  private readonly signer: SignatureV4;

  constructor(private readonly options: SignatureCheckOptions) {
    this.signer = new SignatureV4({
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      region: options.region,
      service: SERVICE,
      sha256: Sha256,
    });
  }

  /** Starts listening on loopback; resolves with its port once it does. */
  async listen(): Promise<number> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the signature check has no port');
    return address.port;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const body = await this.check(request);
      this.forward(request, response, body);
    } catch (error) {
      if (!(error instanceof S3Refusal)) throw error;
      // A browser reports a refusal without CORS headers only as a CORS failure, not its reason:
      // the page may read this one, so that a failing journey says why.
      const origin = request.headers.origin;
      response.writeHead(error.status, {
        'content-type': 'application/xml',
        ...(origin ? { 'access-control-allow-origin': origin } : {}),
      });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          `<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message></Error>`,
      );
    }
  }

  /**
   * Throws S3's refusal when the request's signature does not hold. Resolves with the body
   * when it had to be read to check its hash, to be sent on as read.
   */
  private async check(request: IncomingMessage): Promise<Buffer | undefined> {
    // A CORS preflight carries the presigned query of the request to come, and no signature.
    if (request.method === 'OPTIONS') return undefined;
    const url = request.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const query = parseQuery(queryStart === -1 ? '' : url.slice(queryStart + 1));
    const claim = headerClaim(request) ?? queryClaim(query);
    if (!claim) return undefined;

    this.checkScope(claim);
    if (claim.expiresInSeconds !== undefined) {
      const expires = claim.date.getTime() + claim.expiresInSeconds * 1000;
      if (Date.now() > expires) throw new S3Refusal(403, 'AccessDenied', 'Request has expired');
    }
    const unsigned = Object.keys(request.headers).filter(
      (name) => name.startsWith('x-amz-') && !claim.signedHeaders.includes(name),
    );
    if (unsigned.length > 0) {
      throw new S3Refusal(
        403,
        'AccessDenied',
        `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
      );
    }
    if (claim.payloadHash.startsWith('STREAMING-')) {
      // Neither the SDK nor a browser sends these today; a change that does is to be checked here.
      throw new S3Refusal(
        501,
        'NotImplemented',
        `The test signature check does not read ${claim.payloadHash} bodies.`,
      );
    }
    if (claim.payloadHash !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/.test(claim.payloadHash)) {
      throw new S3Refusal(
        400,
        'InvalidArgument',
        'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-…, or a valid sha256 value.',
      );
    }

    const expected = await this.signatureOf(request, { path, query, claim });
    if (expected !== claim.signature) {
      throw new S3Refusal(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. ' +
          'Check your key and signing method.',
      );
    }
    if (claim.payloadHash === UNSIGNED_PAYLOAD) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (sha256Hex(body) !== claim.payloadHash) {
      throw new S3Refusal(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    return body;
  }

  private checkScope(claim: Claim): void {
    if (claim.accessKeyId !== this.options.accessKeyId) {
      throw new S3Refusal(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    if (claim.region !== this.options.region) {
      throw wrongScope(
        claim.inQuery,
        `the region '${claim.region}' is wrong; expecting '${this.options.region}'`,
      );
    }
    if (claim.service !== SERVICE) {
      throw wrongScope(
        claim.inQuery,
        `incorrect service '${claim.service}'. This endpoint belongs to '${SERVICE}'.`,
      );
    }
    if (claim.scopeDate !== claim.longDate.slice(0, 8)) {
      throw wrongScope(
        claim.inQuery,
        `invalid credential date '${claim.scopeDate}'. Date is not the same as X-Amz-Date.`,
      );
    }
  }

  /**
   * The signature S3 computes: the canonical request (method, path as sent, query and signed
   * headers in the library's canonical forms, payload hash), its string to sign, and the
   * library's HMAC with the key derived from the secret, the date, region and service.
   */
  private async signatureOf(
    request: IncomingMessage,
    { path, query, claim }: { path: string; query: Query; claim: Claim },
  ): Promise<string> {
    const headers: Record<string, string> = {};
    for (const name of claim.signedHeaders) {
      const value = request.headers[name];
      if (value === undefined) {
        throw new S3Refusal(403, 'SignatureDoesNotMatch', `The signed header ${name} is missing.`);
      }
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const signable = {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: '',
      path,
      query,
      headers,
    };
    const canonicalHeaders = getCanonicalHeaders(signable, undefined, new Set(claim.signedHeaders));
    const names = Object.keys(canonicalHeaders).sort();
    const canonicalRequest = [
      signable.method,
      // S3 signs the path as sent, not encoded a second time as other services do.
      path,
      getCanonicalQuery(signable),
      ...names.map((name) => `${name}:${canonicalHeaders[name] ?? ''}`),
      '',
      names.join(';'),
      claim.payloadHash,
    ].join('\n');
    const scope = `${claim.scopeDate}/${claim.region}/${claim.service}/aws4_request`;
    const stringToSign = [ALGORITHM, claim.longDate, scope, sha256Hex(canonicalRequest)].join('\n');
    return this.signer.sign(stringToSign, { signingDate: claim.date });
  }

  /** Sends the request on, with the body already read if there is one, and pipes the answer back. */
  private forward(request: IncomingMessage, response: ServerResponse, body: Buffer | undefined) {
    const onward = upstreamRequest(
      {
        host: '127.0.0.1',
        port: this.options.upstreamPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on('error', (error) => response.destroy(error));
    if (body) onward.end(body);
    else request.pipe(onward);
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
