// The product as stored and as the API shows it. `toProduct` is the one mapping from the stored
// record to the response object: internal attributes (image object key, version) never leak.
import { imageUrlOf } from './image-location.ts';

export interface ProductRecord {
  accountId: string;
  id: string;
  createdByUserId: string;
  name: string;
  description: string | null;
  externalId: string | null;
  active: boolean;
  /** Client metadata as JSON text: DynamoDB would refuse some valid JSON (deep nesting, huge numbers). */
  metadataJson: string;
  /** Object key of the current image in the image bucket. */
  imageKey: string | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every write; conditional writes compare it so a concurrent change is never lost. */
  version: number;
}

export interface Product {
  id: string;
  createdByUserId: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  externalId: string | null;
  active: boolean;
  metadata: Record<string, unknown>;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toProduct(record: ProductRecord): Product {
  return {
    id: record.id,
    createdByUserId: record.createdByUserId,
    name: record.name,
    description: record.description,
    imageUrl: record.imageKey === null ? null : imageUrlOf(record.imageKey),
    externalId: record.externalId,
    active: record.active,
    metadata: JSON.parse(record.metadataJson) as Record<string, unknown>,
    deletedAt: record.deletedAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export const isArchived = (record: Pick<ProductRecord, 'deletedAt'>): boolean => record.deletedAt !== null;

const productIdPattern = /^prd_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a string can be a product id at all; anything else is answered like an unknown product. */
export const isProductId = (value: string): boolean => productIdPattern.test(value);

/**
 * The updatedAt of a change: now, but always after the previous value, so two changes within
 * one millisecond (or a clock step back) still order correctly.
 */
export function nextUpdatedAt(previous: string, now = new Date()): string {
  const after = Date.parse(previous) + 1;
  return new Date(Math.max(now.getTime(), after)).toISOString();
}
