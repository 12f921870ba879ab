import net from 'node:net';

/** proxy-addr's names for whole ranges: 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private networks. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (the default) takes the address a connection comes from; `true` believes
 * X-Forwarded-For from anyone; a list of addresses, CIDR ranges or range names believes it only from those
 * proxies, so a client reaching an instance directly cannot choose its own address. Undefined when invalid.
 */
export function parseTrustProxy(value: string | undefined): boolean | string[] | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  const entries = text.split(',').map((e) => e.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1']);

export const isLoopbackHost = (host: string): boolean => LOOPBACK_HOSTS.has(host) || /^127\./.test(host);

/**
 * A shop that believes every X-Forwarded-For and listens beyond this machine lets anyone who reaches it
 * directly choose the address its rate limits and audit log count: worth a warning at start.
 */
export function trustProxyWarning(config: { trustProxy: boolean | string[]; host: string }): string | undefined {
  if (config.trustProxy !== true || isLoopbackHost(config.host)) return undefined;
  return (
    `TRUST_PROXY=true and HOST=${config.host}: whoever reaches this instance directly can choose the client ` +
    "address it sees. Set TRUST_PROXY to the load balancer's addresses (e.g. 10.0.0.5 or 10.0.0.0/24) or HOST to 127.0.0.1."
  );
}
