import { isIPv4, isIPv6 } from "node:net";

/** Longer values are no address (a misconfigured proxy); they are kept, cut short, so a key stays small. */
const MAX_KEY_LENGTH = 64;

/**
 * The key every per-address limit counts by: IPv4 as it is, IPv4-mapped IPv6 (::ffff:1.2.3.4) as its IPv4
 * address, and any other IPv6 address as its /64 prefix (e.g. "2001:db8:1:2::"), since one subscriber
 * usually holds a whole /64 and could otherwise switch addresses for every attempt.
 * The result is itself a valid address, so better-auth's limiter accepts it from our header.
 */
export function addressKey(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, "");
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return plain.slice(0, MAX_KEY_LENGTH);
  const groups = ipv6Groups(plain);
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" expanded and a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${dotted[1]}${((Number(dotted[2]) << 8) | Number(dotted[3])).toString(16)}:${((Number(dotted[4]) << 8) | Number(dotted[5])).toString(16)}`
    : address;
  const [head = "", tail] = hex.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}
