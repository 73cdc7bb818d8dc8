import { isIP } from 'node:net';

/** proxy-addr's names for address ranges, as Fastify's trustProxy accepts them. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Why a TRUST_PROXY value is refused, or undefined when it is a hop count or a list of proxies. */
export function trustProxyProblem(value: string): string | undefined {
  if (value === 'true') {
    return 'true would trust every client to name its own address (X-Forwarded-For); give the number of proxies in front of the shop (e.g. 1) or their addresses';
  }
  if (value === 'false' || /^\d{1,2}$/.test(value)) return undefined;
  const bad = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => {
      if (PROXY_RANGE_NAMES.includes(entry)) return false;
      const [address = '', prefix, ...rest] = entry.split('/');
      const family = isIP(address);
      if (family === 0 || rest.length > 0) return true;
      if (prefix === undefined) return false;
      return !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
    });
  return bad.length === 0
    ? undefined
    : `must be false, a hop count, or proxy addresses/CIDRs separated by commas (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`;
}

/** "1" trusts one proxy hop (the address it saw); "10.0.0.1, 10.0.0.0/8" trusts those proxies. */
export function parseTrustProxy(value: string): false | number | string[] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((entry) => entry.trim());
}
