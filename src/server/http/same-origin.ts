import type { Context, MiddlewareHandler } from "hono";
import { apiError } from "./api-error";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

interface SameOriginOptions {
  /** PUBLIC_URL's origin: when set, the only origin allowed. */
  publicOrigin?: string;
  /** Behind a trusted proxy, the address the user typed arrives in X-Forwarded-Host and -Proto. */
  trustProxy: boolean;
}

const firstValue = (header: string | undefined) => header?.split(",")[0]?.trim() || undefined;

/** The origin of the address this request was sent to: its Host, with the scheme it arrived on. */
export function requestOrigin(c: Context, trustProxy: boolean): string | undefined {
  const url = new URL(c.req.url);
  const scheme = (trustProxy && firstValue(c.req.header("x-forwarded-proto"))) || url.protocol.slice(0, -1);
  const host = (trustProxy && firstValue(c.req.header("x-forwarded-host"))) || c.req.header("host") || url.host;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests from another site (cross-site request forgery). With PUBLIC_URL set only
 * its origin passes, and the refusal names it so the web app can tell the user where to go; without it, a
 * request passes when its Origin is the address it was sent to (localhost, 127.0.0.1, a LAN address).
 */
export function sameOrigin({ publicOrigin, trustProxy }: SameOriginOptions): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const expected = publicOrigin ?? requestOrigin(c, trustProxy);
    if (origin === undefined || origin !== expected) {
      return apiError(c, "forbidden-origin", undefined, publicOrigin ? { publicUrl: publicOrigin } : {});
    }
    await next();
  };
}
