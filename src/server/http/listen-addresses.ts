import { networkInterfaces } from "node:os";

const wildcardHosts = new Set(["0.0.0.0", "::", ""]);

const urlFor = (host: string, port: number) => `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

/**
 * The addresses a browser can open this server at: with PUBLIC_URL, only that one (others are refused);
 * when listening on every interface, localhost plus each interface's address (what a phone on the LAN uses).
 */
export function listenAddresses({ host, port, publicUrl }: { host: string; port: number; publicUrl?: string }): string[] {
  if (publicUrl) return [publicUrl];
  if (!wildcardHosts.has(host)) return [urlFor(host, port)];
  const listensOnIpv6 = host === "::";
  const interfaceAddresses = Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => !address.internal)
    .filter((address) => address.family === "IPv4" || (listensOnIpv6 && !address.address.startsWith("fe80:")))
    .map((address) => urlFor(address.address, port));
  return [`http://localhost:${port}`, ...new Set(interfaceAddresses)];
}

const loopbackHosts = ["localhost", "127.0.0.1", "::1"];
const listensOnLoopback = (host: string) => wildcardHosts.has(host) || loopbackHosts.includes(host) || host.startsWith("127.");

/**
 * Without PUBLIC_URL, the hosts (`host:port`) links in mails may name: the addresses printed at start, and loopback
 * when the server listens there. better-auth refuses a request for any other (its baseURL.allowedHosts).
 */
export function mailLinkHosts({ host, port }: { host: string; port: number }): string[] {
  const loopback = listensOnLoopback(host) ? loopbackHosts.map((name) => urlFor(name, port)) : [];
  return [...new Set([...loopback, ...listenAddresses({ host, port })].map((url) => new URL(url).host))];
}
