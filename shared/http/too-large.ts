// What a 413 says, in the merchant's words, whichever limit refused the body: the function's
// (an image over 4 MiB) or the platform's in front of it (API Gateway's 10 MB, Lambda's 6 MB of
// event, which a base64 binary body reaches at 4.5 MB). The platform's own numbers mean nothing
// to the reader: an image upload says how large an image may be, any other body that it is too large.
import type { RouteDef } from '../route-def.ts';

/** The largest image an upload takes (the function's limit, under the platform's). */
export const maxImageBytes = 4 * 1024 * 1024;

/** How the image limit (4 MiB, `maxImageBytes`) reads: 4 MiB is 4.19 MB, so "over 4 MB" is true of every refused file. */
export const imageLimitLabel = '4 MB';

export function imageTooLarge(field: string): string {
  return `${field}: the image is over ${imageLimitLabel}`;
}

/** What the dashboard says before uploading a file the service would refuse; null when it fits. */
export function fileOverImageLimit(file: { size: number }): string | null {
  return file.size > maxImageBytes ? imageTooLarge('image') : null;
}

/** The 413 message for a body the platform refuses before the route's function sees it. */
export function bodyTooLargeMessage(route: Pick<RouteDef, 'request'>): string {
  return route.request?.body === 'image' ? imageTooLarge('image') : 'body: the request is too large';
}
