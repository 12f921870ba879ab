import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Pictures an import names are fetched by the shop, from inside its network: an address that leads into
// that network (the machine itself, a private range, a cloud's metadata address) is refused, so a file
// cannot make the shop read what only it can reach.

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Why the shop will not fetch this address, or undefined when it may. */
export async function pictureAddressProblem(url: URL): Promise<string | undefined> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'it is not an http or https address';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) return 'its host could not be found';
  return addresses.some(isPrivate) ? 'it is an address inside the shop’s own network' : undefined;
}
