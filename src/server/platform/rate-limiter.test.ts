import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './rate-limiter.ts';

describe('client address keys', () => {
  it('count an IPv4 client by its address, also when it arrives mapped into IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('count an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    for (const address of ['2001:db8:85a3:8d3::1', '2001:0db8:85a3:08d3:1319:8a2e:0370:7344', '2001:DB8:85A3:8D3:ffff::9', '2001:db8:85a3:8d3::1%eth0']) {
      expect(clientAddressKey(address)).toBe(key);
    }
    expect(clientAddressKey('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
