import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * This machine's primary IPv4 address: the one of the interface that holds the default route
 * (/proc/net/route), which is what people type to reach a server they rent. Null without a
 * default route or an IPv4 address on it: the panel then says localhost.
 */
export function detectPrimaryAddress(
  routeTable: () => string = () => readFileSync('/proc/net/route', 'utf8'),
  interfaces: () => NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces,
): string | null {
  let table: string;
  try {
    table = routeTable();
  } catch {
    return null;
  }
  const defaultRoutes = table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    // Iface Destination Gateway Flags RefCnt Use Metric Mask …: the default route has destination
    // and mask 0.0.0.0 and the "up" flag.
    .filter(
      (fields) =>
        fields[1] === '00000000' &&
        fields[7] === '00000000' &&
        (Number.parseInt(fields[3] ?? '0', 16) & 1) === 1,
    )
    .sort((left, right) => Number(left[6]) - Number(right[6]));
  const all = interfaces();
  for (const [name] of defaultRoutes) {
    const address = all[name ?? '']?.find((entry) => entry.family === 'IPv4' && !entry.internal);
    if (address) return address.address;
  }
  return null;
}
