import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** A proxy's own id as it may be kept (nginx's `$request_id` is 32 hex digits): short, and nothing a log line would choke on. */
const PROXY_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The configured proxies (TRUSTED_PROXIES: addresses and CIDR ranges, already checked by config.ts) as a set to test peers against. */
export function trustedPeers(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** A dual-stack socket names an IPv4 peer as `::ffff:a.b.c.d`; the list holds it as IPv4. */
function peerOf(req: IncomingMessage): { address: string; type: 'ipv4' | 'ipv6' } | null {
  const raw = req.socket?.remoteAddress;
  if (!raw) return null;
  const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  const family = isIP(address);
  return family === 0 ? null : { address, type: family === 6 ? 'ipv6' : 'ipv4' };
}

/**
 * The id of a request (Fastify's `genReqId`): the one the proxy in front named it with (nginx's, so its access
 * log line and the app's lines share it), but only when the request came from a configured proxy; anyone else
 * gets a new one. Fastify's own `requestIdHeader` takes the header from whoever sends it, so a client that
 * reaches an instance directly could choose the id its lines are filed under.
 */
export function requestIdOf(trusted: BlockList | null) {
  return (req: IncomingMessage): string => {
    const header = req.headers['x-request-id'];
    if (trusted && typeof header === 'string' && PROXY_REQUEST_ID.test(header)) {
      const peer = peerOf(req);
      if (peer && trusted.check(peer.address, peer.type)) return header;
    }
    return randomUUID();
  };
}
