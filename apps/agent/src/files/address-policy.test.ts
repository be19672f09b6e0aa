import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseV6 } from './address-policy.js';

describe('isPublicAddress (SECURITY.md, SSRF)', () => {
  it('refuses loopback, private, CGNAT, link-local, metadata, multicast, reserved and unspecified IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '192.168.255.255',
      '100.64.0.1',
      '100.127.255.255',
      '100.100.100.200',
      '169.254.169.254',
      '169.254.0.1',
      '192.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect({ address, allowed: isPublicAddress(address) }).toEqual({ address, allowed: false });
    }
  });

  it('refuses the IPv6 equivalents, and IPv4 carried inside IPv6', () => {
    for (const address of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::ffff:0:127.0.0.1',
      '::127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'ff05::1:3',
      '100::1',
      '2001:db8::1',
      '2001::1',
      'not-an-ip',
      '[::1]',
      '',
    ]) {
      expect({ address, allowed: isPublicAddress(address) }).toEqual({ address, allowed: false });
    }
  });

  it('allows public unicast addresses', () => {
    for (const address of [
      '1.1.1.1',
      '8.8.8.8',
      '93.184.216.34',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '169.253.1.1',
      '192.169.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect({ address, allowed: isPublicAddress(address) }).toEqual({ address, allowed: true });
    }
  });

  it('parses IPv6 forms into 16 bytes', () => {
    expect(parseV6('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(parseV6('::ffff:1.2.3.4')?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseV6('2001:db8::8:800:200c:417a')).toEqual([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a,
    ]);
    expect(parseV6('1.2.3.4')).toBeNull();
  });
});
