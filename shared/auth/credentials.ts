// Secret keys and their storage form. Pure functions: no I/O.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type KeyMode = 'test' | 'live';

const keyPattern = /^sk_(test|live)_[A-Za-z0-9_-]{32,128}$/;

/** 24 random bytes (192 bits) in base64url. */
export function generateSecretKey(mode: KeyMode): string {
  return `sk_${mode}_${randomBytes(24).toString('base64url')}`;
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function hashSecretKey(secretKey: string): string {
  return createHash('sha256').update(secretKey, 'utf8').digest('hex');
}

export function looksLikeSecretKey(value: string): boolean {
  return keyPattern.test(value);
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * Reads `Authorization: Basic base64("secret:" + key)`. Returns the key, or null when the
 * header is missing or malformed in any way (the caller answers 401 either way).
 */
export function parseBasicAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header.trim());
  if (!match?.[1]) return null;
  let decoded: string;
  try {
    decoded = Buffer.from(match[1], 'base64').toString('utf8');
  } catch {
    return null;
  }
  const separator = decoded.indexOf(':');
  if (separator < 0) return null;
  const user = decoded.slice(0, separator);
  const key = decoded.slice(separator + 1);
  if (user !== 'secret' || !looksLikeSecretKey(key)) return null;
  return key;
}

export function basicAuthorization(secretKey: string): string {
  return `Basic ${Buffer.from(`secret:${secretKey}`).toString('base64')}`;
}
