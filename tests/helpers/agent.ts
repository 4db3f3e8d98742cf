/** PUBLIC_URL of every test app, and the Origin an agent sends by default. */
export const TEST_ORIGIN = "http://localhost:3000";

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  /** The JSON body when it is an object, otherwise {}; handy for `body.code`. */
  body: Record<string, unknown>;
}

export interface SendOptions {
  /** A JSON value to send (sets content-type). */
  json?: unknown;
  /** A raw body sent as is, with content-type application/json unless headers say otherwise. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The Origin header; TEST_ORIGIN by default, null to leave it out. */
  origin?: string | null;
}

/** A browser-like client: sends our Origin and keeps its own cookie jar across requests. */
export interface Agent {
  cookies: Map<string, string>;
  send: (method: string, path: string, options?: SendOptions) => Promise<TestResponse>;
  get: (path: string, options?: SendOptions) => Promise<TestResponse>;
  post: (path: string, json?: unknown, options?: SendOptions) => Promise<TestResponse>;
  put: (path: string, json?: unknown, options?: SendOptions) => Promise<TestResponse>;
  delete: (path: string, json?: unknown, options?: SendOptions) => Promise<TestResponse>;
  /** The cookie header this agent would send. */
  cookieHeader: () => string;
}

type Request = (path: string, init?: RequestInit) => Promise<Response>;

export function createAgent(request: Request): Agent {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

  const storeCookies = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", raw = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  };

  const send = async (method: string, path: string, options: SendOptions = {}): Promise<TestResponse> => {
    const headers = new Headers(options.headers);
    const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
    if (origin !== null && !headers.has("origin")) headers.set("origin", origin);
    if (cookies.size > 0 && !headers.has("cookie")) headers.set("cookie", cookieHeader());
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
    const response = await request(path, { method, headers, body });
    storeCookies(response);
    const text = await response.text();
    let json: unknown;
    if (text !== "" && response.headers.get("content-type")?.includes("application/json")) {
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`${method} ${path} answered ${response.status} with invalid JSON: ${text.slice(0, 200)}`);
      }
    }
    const objectBody = json && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    return { status: response.status, headers: response.headers, text, json, body: objectBody };
  };

  return {
    cookies,
    send,
    cookieHeader,
    get: (path, options) => send("GET", path, options),
    post: (path, json, options) => send("POST", path, { ...options, json }),
    put: (path, json, options) => send("PUT", path, { ...options, json }),
    delete: (path, json, options) => send("DELETE", path, { ...options, json }),
  };
}
