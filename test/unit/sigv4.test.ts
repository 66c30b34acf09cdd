// Our SigV4 signer against the AWS SDK's own (an independent implementation): the request the
// S3 client signs and would send, signed again by ours over the headers the SDK chose to sign,
// must carry the same Authorization, for any key and body.
import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amzDate, presignedUrl, signedHeaders, uriEncode } from '../../shared/aws/sigv4.ts';

interface Captured {
  method: string;
  hostname: string;
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
}

function capturingClient(sessionToken?: string) {
  const captured: Captured[] = [];
  const client = new S3Client({
    region: 'sa-east-1',
    credentials: {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      ...(sessionToken ? { sessionToken } : {}),
    },
    requestHandler: {
      handle: async (request: Captured) => {
        captured.push({ ...request, headers: { ...request.headers } });
        return {
          response: { statusCode: 200, headers: {}, body: Readable.from([]) },
        };
      },
    } as never,
  });
  return { client, captured };
}

function resign(request: Captured, sessionToken?: string): string {
  const authorization = request.headers.authorization!;
  const names = /SignedHeaders=([^,]+)/.exec(authorization)![1]!.split(';');
  const own = new Set(['host', 'x-amz-date', 'x-amz-content-sha256', 'x-amz-security-token']);
  const headers = Object.fromEntries(
    names.filter((name) => !own.has(name)).map((name) => [name, request.headers[name]!]),
  );
  const stamp = request.headers['x-amz-date']!;
  const date = new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
  expect(amzDate(date)).toBe(stamp);
  return signedHeaders(
    {
      method: request.method,
      host: request.headers.host ?? request.hostname,
      path: request.path,
      ...(request.query ? { query: request.query } : {}),
      headers,
      payloadHash: request.headers['x-amz-content-sha256']!,
    },
    {
      region: 'sa-east-1',
      service: 's3',
      date,
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        ...(sessionToken ? { sessionToken } : {}),
      },
    },
  ).authorization!;
}

describe('signedHeaders', () => {
  it('signs an S3 PutObject exactly as the SDK does, with or without a session token', async () => {
    for (const token of [undefined, 'FQoGZXIvYXdzEXAMPLETOKEN']) {
      const { client, captured } = capturingClient(token);
      await client.send(
        new PutObjectCommand({
          Bucket: 'images-bucket',
          Key: 'images/acc_1/5f2b.png',
          Body: new Uint8Array([1, 2, 3]),
          ContentType: 'image/png',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      expect(resign(captured[0]!, token)).toBe(captured[0]!.headers.authorization);
    }
  });

  it('signs any key and body as the SDK does (PUT and DELETE)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ minLength: 1, maxLength: 40 })
          .filter((key) => !key.startsWith('/') && !key.includes('//')),
        fc.uint8Array({ maxLength: 64 }),
        async (key, body) => {
          const { client, captured } = capturingClient();
          await client.send(
            new PutObjectCommand({ Bucket: 'images-bucket', Key: key, Body: body, ContentType: 'image/png' }),
          );
          await client.send(new DeleteObjectCommand({ Bucket: 'images-bucket', Key: key }));
          for (const request of captured) {
            expect(request.path).toBe(`/${uriEncode(key, true)}`);
            expect(resign(request)).toBe(request.headers.authorization);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('encodes all but the unreserved characters, and slashes only when asked', () => {
    expect(uriEncode('a b/ç~.-_', true)).toBe('a%20b/%C3%A7~.-_');
    expect(uriEncode('a/b', false)).toBe('a%2Fb');
  });
});

/** The SDK's checksum interface over node:crypto (an HMAC when given a secret). */
class Sha256 {
  private readonly hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  constructor(secret?: string | Uint8Array | ArrayBuffer | ArrayBufferView) {
    this.hash =
      secret === undefined
        ? createHash('sha256')
        : createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret as Uint8Array));
  }
  update(data: string | Uint8Array | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(typeof data === 'string' ? data : Buffer.from(data as Uint8Array));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

describe('presignedUrl', () => {
  it('presigns an S3 GetObject exactly as the SDK signer does, with or without a session token', async () => {
    const { SignatureV4 } = await import('@smithy/signature-v4');
    const date = new Date('2026-11-26T12:34:56Z');
    for (const sessionToken of [undefined, 'FQoGZXIvYXdzEXAMPLETOKEN']) {
      const credentials = {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        ...(sessionToken ? { sessionToken } : {}),
      };
      const key = 'exports/acc_1/7b1e/transactions 2026-11-26T12-34-56Z.csv';
      const query = { 'response-content-disposition': 'attachment; filename="transactions.csv"' };
      const host = 'exports-bucket.s3.sa-east-1.amazonaws.com';
      const signer = new SignatureV4({
        credentials,
        region: 'sa-east-1',
        service: 's3',
        sha256: Sha256,
        uriEscapePath: false,
      });
      const theirs = await signer.presign(
        {
          method: 'GET',
          protocol: 'https:',
          hostname: host,
          path: `/${uriEncode(key, true)}`,
          query,
          // As the S3 presigner sets it: the payload is not signed (the header itself is neither).
          headers: { host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        },
        {
          expiresIn: 900,
          signingDate: date,
          unsignableHeaders: new Set(['x-amz-content-sha256']),
          unhoistableHeaders: new Set(['x-amz-content-sha256']),
        },
      );
      const ours = new URL(
        presignedUrl(
          { method: 'GET', protocol: 'https:', host, path: `/${uriEncode(key, true)}`, query },
          { region: 'sa-east-1', service: 's3', credentials, date },
          900,
        ),
      );
      expect(Object.fromEntries(ours.searchParams)).toEqual(theirs.query);
      expect(ours.pathname).toBe(theirs.path);
    }
  });
});
