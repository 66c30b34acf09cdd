import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  generateSecretKey,
  hashSecretKey,
  parseBasicAuthorization,
  sameHash,
} from '../../shared/auth/credentials.ts';

const key = generateSecretKey('test');
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('secret keys', () => {
  it('look like sk_test_/sk_live_ with at least 128 bits of randomness', () => {
    expect(key).toMatch(/^sk_test_[A-Za-z0-9_-]{32}$/);
    expect(generateSecretKey('live')).toMatch(/^sk_live_/);
    expect(new Set(Array.from({ length: 50 }, () => generateSecretKey('test'))).size).toBe(50);
  });

  it('are stored as a SHA-256 hex digest', () => {
    expect(hashSecretKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretKey(key)).not.toContain(key);
  });

  it('compare digests in constant time and only when equal', () => {
    const digest = hashSecretKey(key);
    expect(sameHash(digest, hashSecretKey(key))).toBe(true);
    expect(sameHash(digest, hashSecretKey(`${key}x`))).toBe(false);
    expect(sameHash(digest, '')).toBe(false);
    expect(sameHash(digest, 'abcd')).toBe(false);
  });
});

describe('parseBasicAuthorization', () => {
  it('reads Basic base64("secret:" + key)', () => {
    expect(parseBasicAuthorization(basicAuthorization(key))).toBe(key);
    expect(parseBasicAuthorization(`basic ${b64(`secret:${key}`)}`)).toBe(key);
  });

  it.each([
    ['missing header', undefined],
    ['empty header', ''],
    ['Bearer scheme', `Bearer ${key}`],
    ['no credentials', 'Basic '],
    ['not base64', 'Basic !!!***'],
    ['no colon', `Basic ${b64(`secret${key}`)}`],
    ['other user name', `Basic ${b64(`admin:${key}`)}`],
    ['key as user name', `Basic ${b64(`${key}:`)}`],
    ['empty key', `Basic ${b64('secret:')}`],
    ['not a key', `Basic ${b64('secret:password123')}`],
    ['key with trailing junk', `Basic ${b64(`secret:${key} extra`)}`],
  ])('returns null for %s', (_name, header) => {
    expect(parseBasicAuthorization(header)).toBeNull();
  });
});
