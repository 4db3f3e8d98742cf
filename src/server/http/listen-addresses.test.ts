import { networkInterfaces } from "node:os";
import { describe, expect, it, vi } from "vitest";
import { listenAddresses, mailLinkHosts } from "./listen-addresses";

vi.mock("node:os", () => ({
  networkInterfaces: vi.fn(() => ({
    lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }],
    eth0: [
      { address: "192.168.1.20", family: "IPv4", internal: false },
      { address: "fd00::20", family: "IPv6", internal: false },
      { address: "fe80::1", family: "IPv6", internal: false },
    ],
  })),
}));

describe("mailLinkHosts: the hosts mail links may name without PUBLIC_URL", () => {
  it("on every interface: loopback and each interface address, with the port, as a Host header names them", () => {
    expect(mailLinkHosts({ host: "0.0.0.0", port: 3000 })).toEqual(["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "192.168.1.20:3000"]);
    expect(mailLinkHosts({ host: "::", port: 3000 })).toEqual([
      "localhost:3000",
      "127.0.0.1:3000",
      "[::1]:3000",
      "192.168.1.20:3000",
      "[fd00::20]:3000",
    ]);
  });

  it("leaves out port 80, as browsers do in the Host header", () => {
    expect(mailLinkHosts({ host: "127.0.0.1", port: 80 })).toEqual(["localhost", "127.0.0.1", "[::1]"]);
  });

  it("on one address only: that address (and loopback only when it is loopback)", () => {
    expect(mailLinkHosts({ host: "192.168.1.20", port: 3000 })).toEqual(["192.168.1.20:3000"]);
    expect(mailLinkHosts({ host: "127.0.0.1", port: 3000 })).toEqual(["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]);
  });

  it("names every address the start prints", () => {
    const printed = listenAddresses({ host: "0.0.0.0", port: 3000 }).map((url) => new URL(url).host);
    expect(mailLinkHosts({ host: "0.0.0.0", port: 3000 })).toEqual(expect.arrayContaining(printed));
    expect(networkInterfaces).toHaveBeenCalled();
  });
});
