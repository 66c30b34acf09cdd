// Writes and deletes of single S3 objects, signed here (sigv4.ts) and sent over a kept-alive
// connection (and presigned links to read one): the only S3 calls the service makes, without the S3 client's ~120 KB in the
// functions that make them. Like the client it replaces: a bounded time per attempt, and up to
// three attempts after a 5xx, a throttle or a dropped connection (both calls are idempotent: keys
// are content-addressed, and deleting a missing object succeeds).
import { awsConfig } from '../config.ts';
import { AwsServiceError, environmentCredentials as credentials, sendSigned } from './signed-request.ts';
import { presignedUrl, sha256Hex, signedHeaders, uriEncode } from './sigv4.ts';

const attemptTimeoutMs = 10_000;
const maxAttempts = 3;

/** Where an object lives: the emulator's endpoint path-style, else the bucket's regional host. */
export function objectUrl(bucket: string, key: string): URL {
  const { region, s3Endpoint } = awsConfig();
  const path = uriEncode(key, true);
  return s3Endpoint
    ? new URL(`${s3Endpoint.replace(/\/$/, '')}/${uriEncode(bucket, false)}/${path}`)
    : new URL(`https://${bucket}.s3.${region}.amazonaws.com/${path}`);
}

const xmlField = (text: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];

async function call(
  method: 'PUT' | 'DELETE',
  bucket: string,
  key: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<void> {
  const url = objectUrl(bucket, key);
  const payloadHash = sha256Hex(body ?? '');
  let lastError: unknown;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** (attempt - 2)));
    const signed = signedHeaders(
      { method, host: url.host, path: url.pathname, headers, payloadHash },
      { region: awsConfig().region, service: 's3', credentials: credentials(), date: new Date() },
    );
    let answer: { status: number; text: string };
    try {
      answer = await sendSigned(method, url, signed, body, attemptTimeoutMs);
    } catch (error) {
      lastError = error;
      continue;
    }
    if (answer.status >= 200 && answer.status < 300) return;
    const code = xmlField(answer.text, 'Code');
    lastError = new AwsServiceError(
      'S3Error',
      answer.status,
      code,
      `S3 ${method} ${key}: HTTP ${answer.status}${code ? ` ${code}` : ''}${xmlField(answer.text, 'Message') ? `: ${xmlField(answer.text, 'Message')}` : ''}`,
    );
    if (!(answer.status >= 500 || answer.status === 429 || code === 'SlowDown')) throw lastError;
  }
  throw lastError;
}

export function putObject(object: {
  bucket: string;
  key: string;
  body: Uint8Array;
  contentType: string;
  cacheControl: string;
  /** How a browser saves it (`attachment; filename="…"`). */
  contentDisposition?: string;
}): Promise<void> {
  return call(
    'PUT',
    object.bucket,
    object.key,
    {
      'content-type': object.contentType,
      'cache-control': object.cacheControl,
      ...(object.contentDisposition ? { 'content-disposition': object.contentDisposition } : {}),
    },
    object.body,
  );
}

/** A link anyone holding it may GET the object with, for `expiresInSeconds`, as this function. */
export function presignedGetUrl(
  object: { bucket: string; key: string },
  expiresInSeconds: number,
  now: Date,
): string {
  const url = objectUrl(object.bucket, object.key);
  return presignedUrl(
    { method: 'GET', protocol: url.protocol, host: url.host, path: url.pathname },
    { region: awsConfig().region, service: 's3', credentials: credentials(), date: now },
    expiresInSeconds,
  );
}

export function deleteObject(object: { bucket: string; key: string }): Promise<void> {
  return call('DELETE', object.bucket, object.key, {});
}
