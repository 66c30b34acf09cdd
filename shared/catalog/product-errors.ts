// The catalog's domain errors: stable codes, messages that name the field and the rule.
import { badRequest, conflict, notFound } from '../errors.ts';

/** `field` is where the id came from: the path (`id`) or a body field (`productId`). */
export const productNotFound = (field = 'id') =>
  notFound('product.not_found', `${field}: no such product in this account`);

export const productArchived = () =>
  badRequest('product.archived', 'product: is archived; archived products are read-only');

export const externalIdTaken = () =>
  badRequest('externalId.taken', 'externalId: is already in use by another product of this account');

export const productChangedConcurrently = () =>
  conflict('product.concurrent_update', 'product: was changed by concurrent requests; retry the request');

export const offerNotFound = (field = 'id') =>
  notFound('offer.not_found', `${field}: no such offer in this account`);
