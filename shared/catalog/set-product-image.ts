// Sets or replaces a product's image. The object goes to the bucket first under a content-hash
// key; the product then points to it by a conditional write; only after that is the replaced
// object deleted. A concurrent upload makes the write stale, so it is redone against the new
// state: no live object is ever deleted and no replaced one is left behind.
import { createHash } from 'node:crypto';
import type { Principal } from '../auth/principal.ts';
import { unsupportedMediaType } from '../errors.ts';
import { deleteImageBestEffort, putImage } from '../store/images.ts';
import { changeProduct } from './change-product.ts';
import { findProduct } from './find-product.ts';
import { acceptedImageFormats, sniffImageFormat } from './image-format.ts';
import { imageKeyFor } from './image-location.ts';
import { isArchived, type Product, toProduct } from './product.ts';
import { productArchived } from './product-errors.ts';

export async function setProductImage(
  principal: Principal,
  productId: string,
  bytes: Uint8Array,
  field = 'image',
): Promise<Product> {
  const format = sniffImageFormat(bytes);
  if (!format)
    throw unsupportedMediaType(
      `${field}: must be a ${acceptedImageFormats} image (recognised by its content, not its name or declared type)`,
    );

  // Refuse before storing anything for a product that cannot take an image.
  const current = await findProduct(principal.accountId, productId);
  if (isArchived(current)) throw productArchived();

  const key = imageKeyFor(
    principal.accountId,
    productId,
    createHash('sha256').update(bytes).digest('hex'),
    format.extension,
  );
  await putImage(key, bytes, format.contentType);
  try {
    const { before, after } = await changeProduct(principal.accountId, productId, (product) =>
      product.imageKey === key ? null : { ...product, imageKey: key },
    );
    if (before.imageKey !== null && before.imageKey !== key) await deleteImageBestEffort(before.imageKey);
    return toProduct(after);
  } catch (error) {
    // The product did not take the new object (archived, deleted or contended): drop it, unless
    // it is the image the product already had (same bytes uploaded again).
    const latest = await findProduct(principal.accountId, productId).catch(() => undefined);
    if (latest?.imageKey !== key) await deleteImageBestEffort(key);
    throw error;
  }
}
