// Where a product image lives: content-addressed object keys (the SHA-256 of the bytes), so an
// object never changes once written, and the public URL the API shows for one.
import { imageConfig } from '../config.ts';

export function imageKeyFor(
  accountId: string,
  productId: string,
  sha256Hex: string,
  extension: string,
): string {
  return `products/${accountId}/${productId}/${sha256Hex}.${extension}`;
}

/** A merchant's logo (branding) follows the same rules as product images. */
export function logoKeyFor(accountId: string, sha256Hex: string, extension: string): string {
  return `branding/${accountId}/${sha256Hex}.${extension}`;
}

export function imageUrlOf(key: string): string {
  return `${imageConfig().baseUrl}/${key}`;
}
