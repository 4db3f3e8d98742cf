import { request } from "node:http";

/**
 * A request over a real connection whose Host header is whatever the test says (fetch always sends the URL's
 * host): how a client that names another host, or a proxy that forwards one, reaches the server.
 */
export function rawHttpRequest(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers));
  const body = typeof init.body === "string" ? init.body : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? "GET", headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? ""]) responseHeaders.append(name, one);
        }
        const content = chunks.length > 0 ? Buffer.concat(chunks) : null;
        resolve(new Response(content, { status: incoming.statusCode ?? 0, headers: responseHeaders }));
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
