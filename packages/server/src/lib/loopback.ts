/**
 * Loopback: this machine only. The developer's switches (DEV_OUTBOX) are allowed only on an
 * instance whose public address is loopback, and answer only peers on loopback, so that no
 * setting can open them to the network.
 */
import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** A peer's address as the socket has it: `127.0.0.1`, `::1`, or IPv4 mapped into IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 4) return loopback.check(plain, 'ipv4');
  if (family === 6) return loopback.check(plain, 'ipv6');
  return false;
}

/** A URL's hostname that can only mean this machine: `localhost` (and `*.localhost`, RFC 6761) or a loopback IP. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}
