import { describe, expect, it } from 'vitest';
import { PUBLIC_TEST_ADDRESS, PUBLIC_TEST_HOST, resolvePublicTestHost } from '../../../test/support/public-host.ts';
import { checkTarget, isRefusedAddress, RefusedTargetError } from './address-guard.ts';

describe('webhook address guard (SSRF)', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '169.254.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:a00:1::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '::127.0.0.1',
    'not-an-ip',
    '127.1',
    '0x7f.0.0.1',
  ])('%s is refused', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  // Ranges the hand-made tables missed or that ipaddr.js names: IPv4-translated (::ffff:0:0:0/96, RFC 6145) is refused
  // whatever IPv4 address it carries, as are Teredo, local-use NAT64, benchmarking and IPv6 outside global unicast.
  it.each([
    '::ffff:0:7f00:1',
    '::ffff:0:808:808',
    '::ffff:0:0.0.0.0',
    '::ffff:0:10.0.0.1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '64:ff9b:1::a00:1',
    '64:ff9b:1::808:808',
    '2001:2::1',
    '100::1',
    '3fff::1',
    '5f00::1',
    '4000::1',
    '192.88.99.1',
    '198.51.100.7',
    '203.0.113.9',
    '240.0.0.1',
    '0.1.2.3',
  ])('%s (special range) is refused', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '::ffff:808:808',
    '2a00:1450:4001:80b::200e',
  ])('%s is public and allowed', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('refuses http:// and credentials in the URL unless private targets are allowed (http only then)', async () => {
    const restore = resolvePublicTestHost();
    try {
      await expect(checkTarget(`http://${PUBLIC_TEST_HOST}/x`, false)).rejects.toBeInstanceOf(RefusedTargetError);
      await expect(checkTarget(`https://user:pw@${PUBLIC_TEST_HOST}/x`, false)).rejects.toBeInstanceOf(
        RefusedTargetError,
      );
      await expect(checkTarget(`https://${PUBLIC_TEST_HOST}/x`, false)).resolves.toMatchObject({
        address: PUBLIC_TEST_ADDRESS,
        family: 4,
      });
    } finally {
      restore();
    }
    await expect(checkTarget('http://127.0.0.1:9/x', true)).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(checkTarget('ftp://127.0.0.1/x', true)).rejects.toBeInstanceOf(RefusedTargetError);
  });

  it('resolves names itself and refuses one that resolves to loopback', async () => {
    await expect(checkTarget('https://localhost/x', false)).rejects.toThrow(/private or reserved/);
    await expect(checkTarget('https://[::ffff:127.0.0.1]/x', false)).rejects.toThrow(/private or reserved/);
  });
});
