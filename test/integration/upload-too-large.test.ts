// An image upload that is too large is refused in the merchant's words, whichever limit refuses
// it: the function's 4 MiB, Lambda's 6 MB of event (a binary body base64-encoded reaches it at
// 4.5 MB) or API Gateway's 10 MB. The merchant reads this message in the dashboard: it names the
// image's limit, never the platform's internals. Loops over the route table's image routes.
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../shared/route-table.ts';
import { call, createKey } from '../support/api.ts';

const MiB = 1024 * 1024;
const imageRoutes = routeList().filter((route) => route.request?.body === 'image');
let key: string;

beforeAll(async () => {
  key = (await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount'])).secretKey;
});

function imageForm(bytes: number): FormData {
  const form = new FormData();
  const png = new Uint8Array(bytes);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  form.append('image', new Blob([png], { type: 'image/png' }), 'photo.png');
  return form;
}

describe('image uploads over the limit', () => {
  it('the table has image routes', () => {
    expect(imageRoutes.map((route) => route.path).sort()).toEqual([
      '/v2/account/branding/logo',
      '/v2/products/{id}/image',
    ]);
  });

  describe.each(imageRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
    it.each([
      ['over the function limit (4 MiB + 1 byte)', 4 * MiB + 1],
      ["over Lambda's event limit once base64 (5 MiB)", 5 * MiB],
      ["over API Gateway's limit (11 MiB)", 11 * MiB],
    ])('%s: 413 "image: the image is over 4 MB"', async (_label, bytes) => {
      const path = route.path.replace('{id}', 'prd_00000000000000000000000000');
      const response = await call(route.method, path, { key, rawBody: imageForm(bytes) });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ status: 413, error: 'image: the image is over 4 MB' });
      expect(response.text).not.toMatch(/Lambda|API Gateway|6291456|10485760|bytes/);
    });
  });
});
