import { describe, expect, it } from 'vitest';
import { RangeGeoIp } from './geoip.ts';

describe('RangeGeoIp', () => {
  const geo = new RangeGeoIp('203.0.113.0/24=US, 198.51.100.0/24=cn,2001:db8::/32=jp');

  it('answers the country of an address inside a configured range', () => {
    expect(geo.countryOf('203.0.113.7')).toBe('us');
    expect(geo.countryOf('198.51.100.200')).toBe('cn');
    expect(geo.countryOf('2001:db8::1')).toBe('jp');
  });

  it('reads IPv4 clients of a dual-stack socket', () => {
    expect(geo.countryOf('::ffff:198.51.100.1')).toBe('cn');
  });

  it('does not know addresses outside every range, nor malformed ones', () => {
    expect(geo.countryOf('127.0.0.1')).toBeNull();
    expect(geo.countryOf('not an ip')).toBeNull();
    expect(new RangeGeoIp('').countryOf('203.0.113.7')).toBeNull();
  });

  it('refuses a malformed configuration at start-up', () => {
    expect(() => new RangeGeoIp('203.0.113.0/24')).toThrow(/GEOIP_RANGES/);
    expect(() => new RangeGeoIp('nonsense=us')).toThrow(/GEOIP_RANGES/);
  });
});
