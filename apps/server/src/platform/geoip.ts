import { BlockList, isIP } from 'node:net';

/** Where an address is: the country of an IP, or null when it cannot be told. */
export interface GeoIp {
  countryOf(ip: string): string | null;
}

/**
 * Geolocation from configured ranges (`GEOIP_RANGES="203.0.113.0/24=us,198.51.100.0/24=cn"`). It stands in
 * for a real database (MaxMind or the like, which cannot be downloaded here) behind the same interface;
 * with no ranges every address is unknown, which blocks nobody.
 */
export class RangeGeoIp implements GeoIp {
  private readonly ranges: { list: BlockList; country: string }[] = [];

  constructor(spec: string) {
    for (const pair of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [cidr, country] = pair.split('=');
      const [network, prefix] = (cidr ?? '').split('/');
      const family = network ? isIP(network) : 0;
      const bits = Number(prefix);
      if (!network || family === 0 || !country || !/^[a-z]{2}$/i.test(country) || !Number.isInteger(bits)) {
        throw new Error(`GEOIP_RANGES: "${pair}" is not cidr=country`);
      }
      const list = new BlockList();
      list.addSubnet(network, bits, family === 6 ? 'ipv6' : 'ipv4');
      this.ranges.push({ list, country: country.toLowerCase() });
    }
  }

  countryOf(ip: string): string | null {
    // Fastify gives IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d.
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(address);
    if (family === 0) return null;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    return this.ranges.find((r) => r.list.check(address, type))?.country ?? null;
  }
}
