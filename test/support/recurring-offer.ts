// A product and an offer of it, through the API, for the subscription tests: each file calls with
// its own key and stack (`api`) and gives the offer's terms (name, amount, billingCycle…).
import { expect } from 'vitest';
import type { ApiResponse } from './api.ts';

type Api = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;

export async function createRecurringOffer(
  api: Api,
  productName: string,
  offer: Record<string, unknown>,
): Promise<{ id: string; productId: string }> {
  const product = await api('POST', '/v2/products', { name: productName });
  expect(product.status, product.text).toBe(201);
  const created = await api('POST', '/v2/offers', { productId: product.body.id, ...offer });
  expect(created.status, created.text).toBe(201);
  return created.body;
}
