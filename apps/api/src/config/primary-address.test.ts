import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { detectPrimaryAddress } from './primary-address.js';

const HEADER = 'Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT';
const route = (iface: string, destination: string, flags: string, metric: number, mask: string) =>
  `${iface}\t${destination}\t010200C0\t${flags}\t0\t0\t${metric}\t${mask}\t0\t0\t0`;
const ipv4 = (address: string, internal = false) =>
  ({
    address,
    family: 'IPv4',
    internal,
    netmask: '255.255.255.0',
    mac: '',
    cidr: null,
  }) as NetworkInterfaceInfo;
const ipv6 = (address: string) =>
  ({
    address,
    family: 'IPv6',
    internal: false,
    netmask: 'ffff::',
    mac: '',
    cidr: null,
    scopeid: 0,
  }) as NetworkInterfaceInfo;

describe('detectPrimaryAddress', () => {
  const interfaces = () => ({
    lo: [ipv4('127.0.0.1', true)],
    eth0: [ipv6('2001:db8::2'), ipv4('192.0.2.2')],
    eth1: [ipv4('198.51.100.9')],
    've-test1': [ipv4('10.213.0.5')],
  });

  it('takes the address of the interface that holds the default route, lowest metric first', () => {
    const table = [
      HEADER,
      route('ve-test1', '0400D50A', '0001', 0, 'FCFFFFFF'),
      route('eth1', '00000000', '0003', 200, '00000000'),
      route('eth0', '00000000', '0003', 100, '00000000'),
    ].join('\n');
    expect(detectPrimaryAddress(() => table, interfaces)).toBe('192.0.2.2');
  });

  it('ignores a default route that is down, and answers null without one', () => {
    const down = [HEADER, route('eth0', '00000000', '0002', 0, '00000000')].join('\n');
    expect(detectPrimaryAddress(() => down, interfaces)).toBeNull();
    const none = [HEADER, route('ve-test1', '0400D50A', '0001', 0, 'FCFFFFFF')].join('\n');
    expect(detectPrimaryAddress(() => none, interfaces)).toBeNull();
    expect(
      detectPrimaryAddress(() => {
        throw new Error('no /proc');
      }, interfaces),
    ).toBeNull();
  });
});
