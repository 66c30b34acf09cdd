// AWS Signature Version 4 (header form) for the few requests the service signs itself instead
// of loading a whole SDK client for them (S3 object writes: the S3 client is ~120 KB of a
// function's bundle). Pure: the clock and the credentials come in. Checked against the SDK's
// own signer in test/unit/sigv4.test.ts.
import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface RequestToSign {
  method: string;
  host: string;
  /** The path as sent, already URI-encoded (S3: each key segment encoded once). */
  path: string;
  /** Query parameters (unencoded), if any. */
  query?: Record<string, string>;
  /** Lower-case names. `host`, `x-amz-date`, `x-amz-content-sha256` and the token are added. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (or `UNSIGNED-PAYLOAD`). */
  payloadHash: string;
}

export interface SigningScope {
  region: string;
  service: string;
  credentials: AwsCredentials;
  date: Date;
}

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Encodes a string as SigV4 wants: every byte but the unreserved ones (and `/` when `keepSlash`). */
export function uriEncode(text: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(text), (byte) => {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(char) || (keepSlash && char === '/')) return char;
    return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** The request's headers with the signature's own and `authorization` added. */
export function signedHeaders(request: RequestToSign, scope: SigningScope): Record<string, string> {
  const stamp = amzDate(scope.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.host,
    'x-amz-date': stamp,
    'x-amz-content-sha256': request.payloadHash,
    ...(scope.credentials.sessionToken ? { 'x-amz-security-token': scope.credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${String(headers[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedNames = names.join(';');
  const canonicalQuery = Object.entries(request.query ?? {})
    .map(([name, value]) => `${uriEncode(name, false)}=${uriEncode(value, false)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    canonicalHeaders,
    signedNames,
    request.payloadHash,
  ].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${scope.credentials.secretAccessKey}`, day), scope.region), scope.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${scope.credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedNames}, Signature=${signature}`,
  };
}

export interface RequestToPresign {
  method: string;
  /** `https:` in AWS; the local emulator's `http:`. */
  protocol: string;
  host: string;
  /** The path as sent, already URI-encoded (S3: each key segment encoded once). */
  path: string;
  /** Query parameters (unencoded) besides the signature's, e.g. `response-content-disposition`. */
  query?: Record<string, string>;
}

/**
 * A URL that carries its own signature (query-string form, only `host` signed, the payload
 * unsigned): whoever holds it may make that one request until `expiresInSeconds` after
 * `scope.date`, with the signer's permissions.
 */
export function presignedUrl(
  request: RequestToPresign,
  scope: SigningScope,
  expiresInSeconds: number,
): string {
  const stamp = amzDate(scope.date);
  const day = stamp.slice(0, 8);
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const query: Record<string, string> = {
    ...request.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${scope.credentials.accessKeyId}/${credentialScope}`,
    'X-Amz-Date': stamp,
    'X-Amz-Expires': String(expiresInSeconds),
    'X-Amz-SignedHeaders': 'host',
    ...(scope.credentials.sessionToken ? { 'X-Amz-Security-Token': scope.credentials.sessionToken } : {}),
  };
  const canonicalQuery = Object.entries(query)
    .map(([name, value]) => `${uriEncode(name, false)}=${uriEncode(value, false)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    `host:${request.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${scope.credentials.secretAccessKey}`, day), scope.region), scope.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${request.protocol}//${request.host}${request.path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
