/**
 * IPv6 addresses as numbers: the one parser behind the callback address rule (outbound.ts) and the
 * sign-in limit's address key (backoffice/service.ts).
 */
import net from 'node:net';

/**
 * The eight 16-bit groups of a valid IPv6 address without a zone (`::` expanded, a dotted IPv4
 * tail as the last two groups), or undefined for anything else.
 */
export function ipv6Groups(ip: string): number[] | undefined {
  if (!net.isIPv6(ip) || ip.includes('%')) return undefined;
  let text = ip.toLowerCase();
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text); // net.isIPv6 vouched for the quad
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split('.').map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const words = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return words.length === 8 ? words.map((w) => parseInt(w, 16)) : undefined;
}
