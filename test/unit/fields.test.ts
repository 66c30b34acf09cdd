import { describe, expect, it } from 'vitest';
import { checkEmail, checkPostbackUrl, checkText } from '../../shared/validation/fields.ts';

describe('checkText', () => {
  const free = { max: 5, trim: true };
  it('trims free text and counts code points, not UTF-16 units', () => {
    expect(checkText('  abc  ', free)).toEqual({ ok: true, value: 'abc' });
    expect(checkText('😀😀😀😀😀', free)).toEqual({ ok: true, value: '😀😀😀😀😀' });
    expect(checkText('😀😀😀😀😀😀', free)).toEqual({ ok: false, reason: 'must be at most 5 characters' });
  });

  it('keeps identifiers as sent', () => {
    expect(checkText(' a b ', { max: 5, trim: false })).toEqual({ ok: true, value: ' a b ' });
  });

  it.each([
    ['', 'must not be empty'],
    ['   ', 'must not be empty'],
    ['a\nb', 'must not contain control characters'],
    ['a\u0000', 'must not contain control characters'],
    ['a\ud800', 'must be valid Unicode text'],
  ])('rejects %j: %s', (input, reason) => {
    expect(checkText(input, free)).toEqual({ ok: false, reason });
  });
});

describe('checkEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.com.br', ' maria@example.com '])('accepts %j', (email) => {
    expect(checkEmail(email)).toEqual({ ok: true, value: email.trim() });
  });

  it.each(['plain', 'a@b', '@b.com', 'a@@b.com', 'a b@c.com', 'a@b.c', 'a@-b.com', ''])(
    'rejects %j',
    (email) => {
      expect(checkEmail(email)).toEqual({ ok: false, reason: 'must be a valid e-mail address' });
    },
  );

  it('rejects addresses over 254 characters', () => {
    expect(checkEmail(`${'a'.repeat(250)}@b.com`)).toEqual({
      ok: false,
      reason: 'must be at most 254 characters',
    });
  });
});

describe('checkPostbackUrl', () => {
  it.each([
    'https://example.com/hooks',
    'http://localhost:3000/cb?x=1',
    'HTTPS://EXAMPLE.COM',
    'https://[::1]:8443/p',
  ])('accepts %j as sent', (url) => {
    expect(checkPostbackUrl(url)).toEqual({ ok: true, value: url });
  });

  it('accepts exactly 2048 characters and no more', () => {
    const base = 'https://example.com/';
    expect(checkPostbackUrl(base + 'a'.repeat(2048 - base.length))).toMatchObject({ ok: true });
    expect(checkPostbackUrl(base + 'a'.repeat(2049 - base.length))).toEqual({
      ok: false,
      reason: 'must be at most 2048 characters',
    });
  });

  it.each([
    'ftp://example.com',
    '/relative/path',
    'example.com/hook',
    'https://',
    'https:///x',
    'https://example.com\\evil',
    'https://exa mple.com',
    'javascript:alert(1)',
    'http:example.com',
    'https://exa\tmple.com',
    '',
  ])('rejects %j', (url) => {
    expect(checkPostbackUrl(url)).toEqual({ ok: false, reason: 'must be an absolute http or https URL' });
  });

  it('rejects embedded credentials', () => {
    expect(checkPostbackUrl('https://user:secret@example.com/')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('credentials'),
    });
  });
});
