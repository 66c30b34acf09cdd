import { describe, expect, it } from 'vitest';
import { ApiError, messageOf } from '../../functions/dashboard/api.ts';
import { fileOverImageLimit, maxImageBytes } from '../../shared/http/too-large.ts';

describe('dashboard error messages', () => {
  it("shows the service's 413 as it says it, naming the field", () => {
    const message = messageOf(413, { status: 413, error: 'image: the image is over 4 MB' });
    expect(message).toBe('image: the image is over 4 MB');
    expect(new ApiError(413, message)).toMatchObject({ field: 'image', detail: 'the image is over 4 MB' });
  });

  it("words the platform's own 413 (API Gateway's, Lambda's) as the image limit", () => {
    // What AWS answers before the function runs: a text body, or Lambda's "Request Too Long".
    for (const body of [undefined, { message: 'Request Too Long' }])
      expect(messageOf(413, body)).toBe('image: the image is over 4 MB');
  });
});

describe('image size before upload', () => {
  it('refuses a file over 4 MiB in the same words, and lets one at the limit through', () => {
    expect(fileOverImageLimit({ size: maxImageBytes })).toBeNull();
    expect(fileOverImageLimit({ size: maxImageBytes + 1 })).toBe('image: the image is over 4 MB');
  });
});
