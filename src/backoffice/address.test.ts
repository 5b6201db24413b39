import { describe, expect, it } from 'vitest';
import { addressKey } from './service.js';

describe('the address the sign-in limit counts', () => {
  it('is an IPv4 address as is, also IPv4-mapped; an IPv6 address is its /64', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('not an address')).toBe('not an address');
    expect(addressKey('x'.repeat(100))).toHaveLength(64);
  });
});
