// Product images in the image bucket. Keys are content-addressed (the SHA-256 of the bytes), so
// an object never changes once written and can be cached forever by browsers and the CDN.
import { deleteObject, putObject } from '../aws/s3-objects.ts';
import { imageConfig } from '../config.ts';
import { log } from '../log.ts';

export const imageCacheControl = 'public, max-age=31536000, immutable';

export async function putImage(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await putObject({
    bucket: imageConfig().bucket,
    key,
    body: bytes,
    contentType,
    cacheControl: imageCacheControl,
  });
}

/** Deleting an object that is already gone succeeds, so a retried cleanup is harmless. */
export async function deleteImage(key: string): Promise<void> {
  await deleteObject({ bucket: imageConfig().bucket, key });
}

/** For an object nothing points to any more: failing to delete it only leaves garbage behind. */
export async function deleteImageBestEffort(key: string): Promise<void> {
  try {
    await deleteImage(key);
  } catch (error) {
    log.warn('image object not deleted', { key, error });
  }
}
