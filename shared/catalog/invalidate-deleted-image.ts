// Image keys are content hashes cached "forever" at the edge, so deleting the object is not
// enough: when an image is deleted or replaced (the old object is deleted then), its URL is
// invalidated in the CDN too. Locally there is no CDN: the gateway reads the bucket, so a
// deleted image is gone at once.
import { invalidateCdnPaths } from '../aws/cdn.ts';
import { optionalEnv } from '../config.ts';
import { log } from '../log.ts';

/** The CDN path of an object key: every segment URL-encoded, as CloudFront expects. */
export function cdnPathOf(objectKey: string): string {
  return `/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
}

export async function invalidateDeletedImage(objectKey: string, eventId: string): Promise<void> {
  const distributionId = optionalEnv('IMAGE_DISTRIBUTION_ID');
  if (!distributionId) return;
  await invalidateCdnPaths(distributionId, [cdnPathOf(objectKey)], `${eventId}:${objectKey}`.slice(0, 128));
  log.info('image invalidated in the CDN', { objectKey });
}
