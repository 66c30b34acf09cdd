// The hosted checkout's first load, as a payer's browser makes it: the bytes Chromium receives
// for the document and everything it loads (script and styles are inline; a product image comes
// from the image CDN, locally this origin), and every request that leaves the origin (there must
// be none). One session per currency, offering every method of the currency, its product with a
// small image. Run by bench.ts in a child process (its own in-memory stack), or alone:
// `node test/bench/checkout-page-weight.ts` prints the rows as JSON.
import { chromium } from 'playwright-core';
import { startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { methodsOf, purchaseCurrencies } from '../../shared/payment-methods.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { bodyFor, validCnpj } from '../support/purchase-fixtures.ts';

/** What the page may weigh on its first load, all it loads included. */
export const checkoutPageTargetBytes = 30 * 1024;

export interface CheckoutPageWeight {
  currency: string;
  methods: number;
  /** The HTML document (its inline script and styles), body and headers as received. */
  documentBytes: number;
  /** Everything else it loaded (the product image), body and headers. */
  otherBytes: number;
  totalBytes: number;
  requests: number;
  foreignRequests: string[];
}

/** A small product image (a 16×16 PNG), so the measure includes one as a merchant's page would. */
const productPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAG0lEQVR4nGPk8P7PQApgIkn1qIZRDaMahpYGAGv9Ab+6UM/hAAAAAElFTkSuQmCC',
  'base64',
);

export async function measureCheckoutPageWeight(): Promise<CheckoutPageWeight[]> {
  const stack = await startLocalStack({ port: 0, env: { LOG_LEVEL: 'silent' }, pollersPerQueue: 0 });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const { secretKey } = await issueApiKey({
      permissions: ['createTransaction', 'isInvoiceAvailable', 'manageAccount'],
    });
    const api = async (method: string, path: string, body?: unknown, raw?: FormData) => {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: {
          authorization: basicAuthorization(secretKey),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    await api('PUT', '/v2/account/settings', { responsibleDocument: validCnpj });
    const rows: CheckoutPageWeight[] = [];
    for (const currency of purchaseCurrencies) {
      const row = methodsOf(currency)[0]!;
      const product = await api('POST', '/v2/products', {
        name: 'Camiseta básica de algodão',
        description: 'Algodão orgânico, corte reto, costuras reforçadas.',
      });
      const image = new FormData();
      image.append('image', new Blob([new Uint8Array(productPng)], { type: 'image/png' }), 'camiseta.png');
      await api('POST', `/v2/products/${product.id}/image`, undefined, image);
      const offer = await api('POST', '/v2/offers', {
        productId: product.id,
        name: 'Tamanho M',
        amount: bodyFor(row).amount,
        currency,
      });
      const session = await api('POST', '/v2/checkout-sessions', {
        offerId: offer.id,
        customer: { name: 'Maria da Silva', email: 'maria@example.com' },
        cancelUrl: 'https://loja.example/carrinho',
      });
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const loaded: Array<{ url: string; bytes: number; document: boolean }> = [];
      const foreign: string[] = [];
      const origin = new URL(stack.baseUrl).origin;
      page.on('request', (request) => {
        if (!request.url().startsWith('data:') && new URL(request.url()).origin !== origin)
          foreign.push(request.url());
      });
      page.on('requestfinished', async (request) => {
        const sizes = await request.sizes();
        loaded.push({
          url: request.url(),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          document: request.resourceType() === 'document',
        });
      });
      await page.goto(session.url, { waitUntil: 'networkidle' });
      await context.close();
      const documentBytes = loaded
        .filter((entry) => entry.document)
        .reduce((sum, entry) => sum + entry.bytes, 0);
      const totalBytes = loaded.reduce((sum, entry) => sum + entry.bytes, 0);
      rows.push({
        currency,
        methods: session.paymentMethods.length,
        documentBytes,
        otherBytes: totalBytes - documentBytes,
        totalBytes,
        requests: loaded.length,
        foreignRequests: foreign,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.main) {
  const rows = await measureCheckoutPageWeight();
  process.stdout.write(JSON.stringify(rows));
  process.exit(0);
}
