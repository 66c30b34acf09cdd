import { describe, expect, it } from 'vitest';
import {
  type AddressClass,
  assertDeliverableUrl,
  classifyAddress,
  isSyntacticallyValidPostbackUrl,
  type Resolver,
  UndeliverableUrlError,
} from '../../shared/webhooks/ssrf-guard.ts';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;

async function rejection(promise: Promise<unknown>): Promise<UndeliverableUrlError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UndeliverableUrlError) return error;
    throw error;
  }
  throw new Error('expected the URL to be rejected');
}

describe('classifyAddress', () => {
  const cases: [string, AddressClass][] = [
    // loopback
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    // RFC 1918 and its edges
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['9.255.255.255', 'public'],
    ['11.0.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.16.0.0', 'private'],
    ['172.20.1.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.168.0.1', 'private'],
    ['192.168.255.255', 'private'],
    ['192.169.0.1', 'public'],
    // link-local incl. cloud metadata
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    // CGNAT 100.64/10
    ['100.63.255.255', 'public'],
    ['100.64.0.0', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.0', 'public'],
    // unspecified
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    // multicast, broadcast, reserved
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['fec0::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'], // Teredo
    // documentation and benchmarking
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['2001:2::1', 'benchmarking'],
    // IPv6 ULA
    ['fd00::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    // IPv4 embedded in IPv6 is classified by the IPv4 address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:0a00:0001::1', 'private'], // 6to4 of 10.0.0.1
    ['2002:0808:0808::1', 'public'], // 6to4 of 8.8.8.8
    ['::127.0.0.1', 'reserved'], // deprecated IPv4-compatible form
    // public
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.217.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82a::200e', 'public'],
    // not an address
    ['example.com', 'invalid'],
    ['2130706433', 'invalid'],
    ['0x7f.0.0.1', 'invalid'],
    ['', 'invalid'],
  ];
  it.each(cases)('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });
});

describe('assertDeliverableUrl', () => {
  const secure = { allowInsecure: false };
  const insecure = { allowInsecure: true };

  it('accepts an https URL whose host resolves only to public addresses and returns them', async () => {
    const addresses = await assertDeliverableUrl('https://hooks.example.com/cashin', {
      ...secure,
      resolve: resolvesTo('93.184.216.34', '2606:2800:220:1::1'),
    });
    expect(addresses).toEqual(['93.184.216.34', '2606:2800:220:1::1']);
  });

  it('does not resolve IP literals', async () => {
    let calls = 0;
    const resolve: Resolver = async () => {
      calls += 1;
      return ['8.8.8.8'];
    };
    expect(await assertDeliverableUrl('https://1.1.1.1/hook', { ...secure, resolve })).toEqual(['1.1.1.1']);
    expect(await assertDeliverableUrl('https://[2606:4700:4700::1111]/hook', { ...secure, resolve })).toEqual(
      ['2606:4700:4700::1111'],
    );
    expect(calls).toBe(0);
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://127.1.2.3/hook',
    'https://[::1]/hook',
    'https://10.1.2.3/',
    'https://172.16.0.1/',
    'https://172.31.255.254/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::]/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
  ])('rejects the internal literal %s', async (url) => {
    const error = await rejection(assertDeliverableUrl(url, secure));
    expect(error.reason).toBe('non-public-address');
    expect(error.addressClass).not.toBe('public');
  });

  it('accepts public literals at the RFC 1918 edges', async () => {
    expect(await assertDeliverableUrl('https://172.15.255.255/', secure)).toEqual(['172.15.255.255']);
    expect(await assertDeliverableUrl('https://172.32.0.1/', secure)).toEqual(['172.32.0.1']);
  });

  it.each([
    ['https://2130706433/', 'loopback'], // decimal
    ['https://0x7f.0.0.1/', 'loopback'], // hex octet
    ['https://0177.0.0.1/', 'loopback'], // octal octet
    ['https://0x7f000001/', 'loopback'], // hex whole
    ['https://127.1/', 'loopback'], // short form
    ['https://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
    ['https://167772161/', 'private'], // 10.0.0.1
  ])('rejects the numeric trick %s (URL parsing normalises it)', async (url, expectedClass) => {
    let resolved = false;
    const error = await rejection(
      assertDeliverableUrl(url, {
        ...secure,
        resolve: async () => {
          resolved = true;
          return ['8.8.8.8'];
        },
      }),
    );
    expect(error.reason).toBe('non-public-address');
    expect(error.addressClass).toBe(expectedClass);
    expect(resolved).toBe(false);
  });

  it('rejects localhost, which resolves to loopback', async () => {
    const error = await rejection(
      assertDeliverableUrl('https://localhost/hook', { ...secure, resolve: resolvesTo('127.0.0.1', '::1') }),
    );
    expect(error.reason).toBe('non-public-address');
    expect(error.address).toBe('127.0.0.1');
    expect(error.addressClass).toBe('loopback');
  });

  it('rejects a name that resolves to a private address', async () => {
    const error = await rejection(
      assertDeliverableUrl('https://internal.example.com/', { ...secure, resolve: resolvesTo('10.0.0.5') }),
    );
    expect(error.reason).toBe('non-public-address');
    expect(error.address).toBe('10.0.0.5');
    expect(error.addressClass).toBe('private');
  });

  it('rejects a name with one public and one private address, whatever the order', async () => {
    for (const answer of [
      ['93.184.216.34', '192.168.0.10'],
      ['192.168.0.10', '93.184.216.34'],
      ['2606:2800:220:1::1', '::ffff:169.254.169.254'],
    ]) {
      const error = await rejection(
        assertDeliverableUrl('https://mixed.example.com/', { ...secure, resolve: resolvesTo(...answer) }),
      );
      expect(error.reason).toBe('non-public-address');
    }
  });

  it('passes the bare host name to the resolver', async () => {
    const seen: string[] = [];
    await assertDeliverableUrl('https://Hooks.Example.com:8443/a?b=c', {
      ...secure,
      resolve: async (host) => {
        seen.push(host);
        return ['93.184.216.34'];
      },
    });
    expect(seen).toEqual(['hooks.example.com']);
  });

  it('reports DNS failures and empty answers as dns-failure', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nope.invalid'), { code: 'ENOTFOUND' });
    };
    const error = await rejection(
      assertDeliverableUrl('https://nope.invalid/', { ...secure, resolve: failing }),
    );
    expect(error.reason).toBe('dns-failure');
    expect(error.message).toContain('ENOTFOUND');
    expect(
      (
        await rejection(
          assertDeliverableUrl('https://empty.example.com/', { ...secure, resolve: resolvesTo() }),
        )
      ).reason,
    ).toBe('dns-failure');
    expect(
      (
        await rejection(
          assertDeliverableUrl('https://odd.example.com/', { ...insecure, resolve: resolvesTo('not-an-ip') }),
        )
      ).reason,
    ).toBe('dns-failure');
  });

  it('requires https unless insecure postbacks are allowed', async () => {
    const resolve = resolvesTo('93.184.216.34');
    expect(
      (await rejection(assertDeliverableUrl('http://hooks.example.com/', { ...secure, resolve }))).reason,
    ).toBe('insecure-scheme');
    expect(await assertDeliverableUrl('http://hooks.example.com/', { ...insecure, resolve })).toEqual([
      '93.184.216.34',
    ]);
    expect(await assertDeliverableUrl('https://hooks.example.com/', { ...secure, resolve })).toEqual([
      '93.184.216.34',
    ]);
  });

  it('allows internal addresses when insecure postbacks are allowed', async () => {
    expect(await assertDeliverableUrl('http://127.0.0.1:3000/hook', insecure)).toEqual(['127.0.0.1']);
    expect(
      await assertDeliverableUrl('http://receiver.local/', { ...insecure, resolve: resolvesTo('10.0.0.5') }),
    ).toEqual(['10.0.0.5']);
  });

  it('rejects other schemes even when insecure postbacks are allowed', async () => {
    for (const url of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'gopher://example.com/',
      'javascript:alert(1)',
    ]) {
      expect((await rejection(assertDeliverableUrl(url, insecure))).reason).toBe('unsupported-scheme');
    }
  });

  it('rejects credentials in the URL', async () => {
    const resolve = resolvesTo('93.184.216.34');
    expect(
      (await rejection(assertDeliverableUrl('https://user:pass@hooks.example.com/', { ...secure, resolve })))
        .reason,
    ).toBe('credentials');
    expect(
      (await rejection(assertDeliverableUrl('https://user@hooks.example.com/', { ...insecure, resolve })))
        .reason,
    ).toBe('credentials');
  });

  it('rejects text that is not an absolute URL', async () => {
    for (const url of ['', 'hooks.example.com/cashin', '/relative', 'https://', 'https://exa mple.com/']) {
      expect((await rejection(assertDeliverableUrl(url, insecure))).reason).toBe('invalid-url');
    }
  });
});

describe('isSyntacticallyValidPostbackUrl', () => {
  it.each([
    'https://hooks.example.com/cashin',
    'http://hooks.example.com/cashin?merchant=1#x',
    'https://127.0.0.1:8443/hook', // where it points is decided at delivery
    'https://[2606:4700::1]/hook',
    'https://xn--bcher-kva.example/hook',
    `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`,
  ])('accepts %s', (url) => {
    expect(isSyntacticallyValidPostbackUrl(url)).toBe(true);
  });

  it.each([
    '',
    'hooks.example.com/cashin',
    '/cashin',
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://user:pass@example.com/',
    ' https://example.com/',
    'https://example.com/a b',
    'https://example.com/\n',
    `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`,
  ])('rejects %j', (url) => {
    expect(isSyntacticallyValidPostbackUrl(url)).toBe(false);
  });
});
