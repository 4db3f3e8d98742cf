import { Agent, createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream";
import { createGzip } from "node:zlib";

// What deploy/nginx.conf compresses (HTML always; never event streams or API JSON), at its level and minimum.
const compressible = /^(text\/html|text\/css|text\/javascript|application\/javascript|image\/svg\+xml|application\/manifest\+json)\b/;
const level = 5;
const minLength = 1024;

export interface GzipProxy {
  base: string;
  stop: () => Promise<void>;
}

function shouldCompress(accept: string | undefined, status: number, headers: IncomingHttpHeaders): boolean {
  if (!/\bgzip\b/.test(accept ?? "") || status === 204 || status === 304 || headers["content-encoding"]) return false;
  const length = Number(headers["content-length"] ?? Number.POSITIVE_INFINITY);
  return compressible.test(headers["content-type"] ?? "") && length >= minLength;
}

/**
 * A reverse proxy in front of the Node server that gzips responses the way the documented nginx does, so a
 * browser measurement sees the transfer sizes of a real deployment (the Node server itself does not compress).
 */
export async function startGzipProxy(target: string): Promise<GzipProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        agent,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (!shouldCompress(req.headers["accept-encoding"], status, answer.headers)) {
          res.writeHead(status, answer.headers);
          pipeline(answer, res, () => {});
          return;
        }
        const { "content-length": _length, ...headers } = answer.headers;
        res.writeHead(status, { ...headers, "content-encoding": "gzip", vary: "Accept-Encoding" });
        pipeline(answer, createGzip({ level }), res, () => {});
      },
    );
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    pipeline(req, forward, () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
