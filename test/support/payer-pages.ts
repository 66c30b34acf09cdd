// The payer pages of every kind the catalogue has, opened the way a payer opens them: one row
// per page kind (pix, boleto, qr, checkout), a purchase under a given key, and the page's URL
// from the stored transaction (the BOB QR page has no URL in the API).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hostedPagePath } from '../../shared/hosted-pages/page-model.ts';
import { type HostedPageKind, type PaymentMethodRow, paymentMethods } from '../../shared/payment-methods.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { call, pollUntil, sharedStack, useSharedStore } from './api.ts';
import { bodyFor } from './purchase-fixtures.ts';

/** The first catalogue row of each page kind. */
export const rowPerPageKind: readonly PaymentMethodRow[] = paymentMethods.filter(
  (row, index) => paymentMethods.findIndex((other) => other.page.kind === row.page.kind) === index,
);

export interface OpenablePage {
  transactionId: string;
  kind: HostedPageKind;
  url: string;
  token: string;
}

/** Buys with the row's fixture and waits until its page shows instructions. */
export async function purchaseWithPage(
  row: PaymentMethodRow,
  account: { secretKey: string; accountId: string },
  overrides: Record<string, unknown> = {},
): Promise<OpenablePage> {
  const created = await call('POST', '/transactions/v2/purchase', {
    key: account.secretKey,
    body: { ...bodyFor(row), ...overrides },
  });
  expect(created.status, created.text).toBe(201);
  useSharedStore();
  const record = await pollUntil(
    () => getTransaction(account.accountId, created.body.id),
    (found) => Boolean(found?.instructionFilledAt),
    15_000,
    50,
  );
  expect(record?.instructionFilledAt, 'instruction filled').toBeTruthy();
  const token = record!.pageToken;
  const kind = row.page.kind;
  return {
    transactionId: created.body.id,
    kind,
    token,
    url: `${sharedStack().baseUrl}${hostedPagePath(kind, token)}`,
  };
}

/** The elements that let a payer pay: QR images, copy-paste codes, the digitable line, the barcode. */
export const payableCodeSelector =
  '[data-testid="qr-image"], [data-testid="qr-text"], [data-testid="digitable-line"], [data-testid="barcode"], [data-testid="breb-key"], [data-testid="copy-button"], [data-testid="pay-button"]';

export function payableCodeCount(page: Page): Promise<number> {
  return page.locator(payableCodeSelector).count();
}

/** The rows whose page shows a QR to scan: a QR page of its own, or a checkout body with one. */
export const rowsWithQr: readonly PaymentMethodRow[] = paymentMethods.filter(
  (row) =>
    row.page.kind === 'pix' ||
    row.page.kind === 'qr' ||
    (row.page.kind === 'checkout' && row.page.body === 'key-and-qr'),
);
