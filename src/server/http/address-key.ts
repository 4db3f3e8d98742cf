import { isIPv4, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";

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
  // node:net checks the form: ipaddr's isValid takes "127.1" too, and is 20× slower (it throws and catches).
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return plain.slice(0, MAX_KEY_LENGTH);
  const ipv6 = ipaddr.IPv6.parse(plain);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  // The first four groups, unabbreviated, keep the key the same as before for limits already counting.
  return `${ipv6.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::`;
}
