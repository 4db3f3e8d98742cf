import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key";

describe("addressKey", () => {
  it("keeps an IPv4 address", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("turns IPv4-mapped IPv6 into the IPv4 address, in every spelling", () => {
    for (const mapped of ["::ffff:203.0.113.7", "::FFFF:203.0.113.7", "0:0:0:0:0:ffff:203.0.113.7", "::ffff:cb00:7107"]) {
      expect(addressKey(mapped), mapped).toBe("203.0.113.7");
    }
  });

  it("cuts IPv6 to its /64 prefix, however it is written", () => {
    const sameSlash64 = [
      "2001:db8:1:2::1",
      "2001:DB8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0009",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::1.2.3.4",
      "2001:db8:1:2::1%eth0",
    ];
    for (const address of sameSlash64) expect(addressKey(address), address).toBe("2001:db8:1:2::");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::");
    expect(addressKey("::1")).toBe("0:0:0:0::");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::");
  });

  it("gives a key that is itself an address, and the same key again for it", () => {
    expect(addressKey("2001:db8:1:2::")).toBe("2001:db8:1:2::");
    expect(addressKey("fe80:0:0:0::")).toBe("fe80:0:0:0::");
  });

  it("keeps something that is no address, cut to 64 characters", () => {
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("x".repeat(5000))).toHaveLength(64);
  });
});
