import { describe, expect, it } from 'vitest';
import { cdnPathOf } from '../../shared/catalog/invalidate-deleted-image.ts';

describe('CDN path of an image key', () => {
  it('is the key under /, each segment URL-encoded', () => {
    expect(cdnPathOf('products/acc_1/prd_2/ab12.png')).toBe('/products/acc_1/prd_2/ab12.png');
    expect(cdnPathOf('products/a b/c+d.png')).toBe('/products/a%20b/c%2Bd.png');
  });
});
