// S3 "Object Deleted" events of the image bucket (EventBridge) → the CDN forgets the image.
import type { EventBridgeEvent } from 'aws-lambda';
import { invalidateDeletedImage } from '../../shared/catalog/invalidate-deleted-image.ts';

type ObjectDeleted = EventBridgeEvent<'Object Deleted', { object: { key: string } }>;

export async function handler(event: ObjectDeleted): Promise<void> {
  await invalidateDeletedImage(event.detail.object.key, event.id);
}
