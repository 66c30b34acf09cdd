// Product images over HTTP: multipart upload, format by content, size limit, replacement and
// removal, with the bucket itself checked through the S3 API of the shared local stack.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, sharedStack, useSharedStore } from '../support/api.ts';
import { testS3 } from '../support/s3.ts';

const MiB = 1024 * 1024;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of the given size filled with one colour. */
function png(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
// A JPEG's start-of-image and JFIF APP0 segment, then an end-of-image: magic bytes are what count.
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
]);
const webp = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]),
]);

function form(
  field: string,
  bytes: Buffer,
  filename = 'upload.bin',
  type = 'application/octet-stream',
): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function objectExists(key: string): Promise<boolean> {
  try {
    await testS3().send(new HeadObjectCommand({ Bucket: sharedStack().bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await testS3().send(
    new ListObjectsV2Command({ Bucket: sharedStack().bucket, Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const keyOf = (imageUrl: string) => imageUrl.slice(`${sharedStack().baseUrl}/_images/`.length);

let secret: string;
let accountId: string;
const upload = (
  productId: string,
  body: FormData | Buffer | string,
  options: { key?: string; headers?: Record<string, string> } = {},
) =>
  call('POST', `/v2/products/${productId}/image`, {
    key: options.key ?? secret,
    rawBody: body,
    ...(options.headers ? { headers: options.headers } : {}),
  });
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key: secret, ...(body === undefined ? {} : { body }) });

async function newProduct(
  name = 'Pictured',
): Promise<{ id: string; updatedAt: string; imageUrl: string | null }> {
  const response = await api('POST', '/v2/products', { name });
  expect(response.status).toBe(201);
  return response.body;
}

beforeAll(async () => {
  useSharedStore();
  const key = await createKey(['isInvoiceAvailable']);
  secret = key.secretKey;
  accountId = key.accountId;
});

describe('POST /v2/products/:id/image', () => {
  it('stores a PNG under a content-addressed key and serves it at imageUrl', async () => {
    const product = await newProduct();
    const image = png(3, 2);
    const response = await upload(product.id, form('image', image, 'photo.png', 'image/png'));
    expect(response.status, response.text).toBe(200);
    const key = `products/${accountId}/${product.id}/${sha256(image)}.png`;
    expect(response.body).toMatchObject({
      id: product.id,
      imageUrl: `${sharedStack().baseUrl}/_images/${key}`,
    });
    expect(response.body.updatedAt > product.updatedAt).toBe(true);
    expect((await api('GET', `/v2/products/${product.id}`)).body).toEqual(response.body);

    const served = await fetch(response.body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    const head = await testS3().send(new HeadObjectCommand({ Bucket: sharedStack().bucket, Key: key }));
    expect(head.ContentType).toBe('image/png');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('replaces the image (part "file" accepted), deletes the old object, then removes it', async () => {
    const product = await newProduct();
    const first = await upload(product.id, form('image', png(1, 1)));
    expect(first.status).toBe(200);
    const firstKey = keyOf(first.body.imageUrl);
    expect(await objectExists(firstKey)).toBe(true);

    const second = await upload(product.id, form('file', gif, 'x.gif', 'image/gif'));
    expect(second.status, second.text).toBe(200);
    expect(second.body.imageUrl).toMatch(/\.gif$/);
    expect(second.body.updatedAt > first.body.updatedAt).toBe(true);
    expect(await objectExists(firstKey)).toBe(false);
    expect((await fetch(first.body.imageUrl)).status).toBe(404);
    const served = await fetch(second.body.imageUrl);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await served.arrayBuffer()).equals(gif)).toBe(true);
    expect(await objectsUnder(`products/${accountId}/${product.id}/`)).toEqual([keyOf(second.body.imageUrl)]);

    const removed = await api('DELETE', `/v2/products/${product.id}/image`);
    expect(removed.status).toBe(200);
    expect(removed.body.imageUrl).toBeNull();
    expect(removed.body.updatedAt > second.body.updatedAt).toBe(true);
    expect(await objectsUnder(`products/${accountId}/${product.id}/`)).toEqual([]);
    expect((await fetch(second.body.imageUrl)).status).toBe(404);
    expect((await api('GET', `/v2/products/${product.id}`)).body.imageUrl).toBeNull();

    // Removing again is a no-op.
    const again = await api('DELETE', `/v2/products/${product.id}/image`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(removed.body);
  });

  it.each([
    ['JPEG', jpeg, 'image/jpeg', 'jpg'],
    ['WebP', webp, 'image/webp', 'webp'],
    ['GIF', gif, 'image/gif', 'gif'],
  ])('accepts %s whatever the filename and part type say', async (_name, bytes, contentType, extension) => {
    const product = await newProduct();
    const response = await upload(product.id, form('image', bytes, 'misleading.txt', 'text/plain'));
    expect(response.status, response.text).toBe(200);
    expect(response.body.imageUrl).toMatch(new RegExp(`/${sha256(bytes)}\\.${extension}$`));
    expect((await fetch(response.body.imageUrl)).headers.get('content-type')).toBe(contentType);
  });

  it('keeps the object when the same image is uploaded again', async () => {
    const product = await newProduct();
    const image = png(2, 2, [1, 2, 3]);
    const first = await upload(product.id, form('image', image));
    const second = await upload(product.id, form('image', image));
    expect(second.status).toBe(200);
    expect(second.body.imageUrl).toBe(first.body.imageUrl);
    expect(await objectsUnder(`products/${accountId}/${product.id}/`)).toEqual([keyOf(first.body.imageUrl)]);
  });

  it('leaves exactly one live object after concurrent uploads', async () => {
    const product = await newProduct();
    const images = Array.from({ length: 5 }, (_, index) => png(1, 1, [index, index, index]));
    const responses = await Promise.all(images.map((image) => upload(product.id, form('image', image))));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const final = (await api('GET', `/v2/products/${product.id}`)).body;
    expect(await objectsUnder(`products/${accountId}/${product.id}/`)).toEqual([keyOf(final.imageUrl)]);
  });

  it('refuses a disguised text file with 415 and stores nothing', async () => {
    const product = await newProduct();
    const response = await upload(
      product.id,
      form('image', Buffer.from('this is not a picture, just text'), 'photo.png', 'image/png'),
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      status: 415,
      error: expect.stringMatching(/^image: must be a JPEG, PNG, WebP or GIF image/),
    });
    expect(await objectsUnder(`products/${accountId}/${product.id}/`)).toEqual([]);
    expect((await api('GET', `/v2/products/${product.id}`)).body.imageUrl).toBeNull();
  });

  it('accepts exactly 4 MiB and answers 413 for 4 MiB + 1 byte', async () => {
    const product = await newProduct();
    const header = png(1, 1);
    const exact = Buffer.concat([header, Buffer.alloc(4 * MiB - header.length, 7)]);
    const accepted = await upload(product.id, form('image', exact));
    expect(accepted.status, accepted.text).toBe(200);
    const served = await fetch(accepted.body.imageUrl);
    expect((await served.arrayBuffer()).byteLength).toBe(4 * MiB);

    const over = Buffer.concat([exact, Buffer.from([7])]);
    const refused = await upload(product.id, form('image', over));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ status: 413, error: 'image: the image is over 4 MB' });
    expect((await api('GET', `/v2/products/${product.id}`)).body.imageUrl).toBe(accepted.body.imageUrl);
  });

  it.each([
    [
      'no file part (another field name)',
      () => form('picture', png(1, 1)),
      /^body: must be multipart\/form-data with the file in a part named image or file$/,
    ],
    ['a JSON body', () => JSON.stringify({ image: 'x' }), /^body: must be multipart\/form-data/],
    ['no body at all', () => '', /^body: must be multipart\/form-data/],
    ['an empty file', () => form('image', Buffer.alloc(0)), /^image: the file is empty$/],
    [
      'a text field instead of a file',
      () => {
        const data = new FormData();
        data.append('image', 'hello');
        return data;
      },
      /^image: must be a file part/,
    ],
  ])('answers 400 for %s', async (_case, body, message) => {
    const product = await newProduct();
    const payload = body();
    const headers =
      typeof payload === 'string' && payload ? { 'content-type': 'application/json' } : undefined;
    const response = await upload(product.id, payload, headers ? { headers } : {});
    expect(response.status, response.text).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
  });

  it('answers 400 for malformed multipart', async () => {
    const product = await newProduct();
    const response = await upload(product.id, Buffer.from('--xyz\r\nnot really multipart'), {
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(/^body: /) });
  });

  it('answers 404 for an unknown or malformed product id, and for another account', async () => {
    for (const id of ['prd_00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await upload(id, form('image', png(1, 1)));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, error: expect.any(String) });
      expect((await api('DELETE', `/v2/products/${id}/image`)).status).toBe(404);
    }
    const product = await newProduct();
    const owned = await upload(product.id, form('image', png(1, 1)));
    const stranger = await createKey(['isInvoiceAvailable']);
    const foreignUpload = await upload(product.id, form('image', gif), { key: stranger.secretKey });
    expect(foreignUpload.status).toBe(404);
    expect(foreignUpload.body).toEqual({ status: 404, error: expect.any(String) });
    const foreignDelete = await call('DELETE', `/v2/products/${product.id}/image`, {
      key: stranger.secretKey,
    });
    expect(foreignDelete.status).toBe(404);
    expect((await api('GET', `/v2/products/${product.id}`)).body.imageUrl).toBe(owned.body.imageUrl);
    expect(await objectExists(keyOf(owned.body.imageUrl))).toBe(true);
    expect(await objectsUnder(`products/${stranger.accountId}/`)).toEqual([]);
  });

  it('refuses upload and removal on an archived product (400) and keeps its image', async () => {
    const product = await newProduct();
    const withImage = await upload(product.id, form('image', png(1, 1)));
    expect((await api('DELETE', `/v2/products/${product.id}`)).status).toBe(200);
    const replaced = await upload(product.id, form('image', gif));
    expect(replaced.status).toBe(400);
    expect(replaced.body).toEqual({ status: 400, error: expect.stringMatching(/archived/) });
    const removed = await api('DELETE', `/v2/products/${product.id}/image`);
    expect(removed.status).toBe(400);
    expect(removed.body).toEqual({ status: 400, error: expect.stringMatching(/archived/) });
    expect(await objectsUnder(`products/${accountId}/${product.id}/`)).toEqual([
      keyOf(withImage.body.imageUrl),
    ]);
    expect((await api('GET', `/v2/products/${product.id}`)).body.imageUrl).toBe(withImage.body.imageUrl);
  });
});
