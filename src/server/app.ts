import { type Context, Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Auth } from "./auth/auth";
import { CLIENT_IP_HEADER } from "./auth/request-guards";
import type { ActiveReplies } from "./chat/active-replies";
import { databaseReachable, databaseUnavailableReason } from "./db/availability";
import type { Database } from "./db/client";
import { type Env, publicUrl } from "./env";
import { apiError } from "./http/api-error";
import { isUnknownHostRefusal, withErrorCode } from "./http/auth-error";
import { bodyLimit } from "./http/body-limit";
import { clientAddressKey } from "./http/client-ip";
import { isExposedAuthRoute } from "./http/exposed-auth-routes";
import { requestLog } from "./http/request-log";
import { sameOrigin } from "./http/same-origin";
import { SessionLookup } from "./http/session-lookup";
import type { ChatProvider } from "./llm/types";
import { errorFields } from "./log-safe-error";
import type { Logger } from "./logger";
import { outboxDirOf } from "./mail/outbox";
import { createMetrics } from "./metrics/metrics";
import { metricsEndpoint } from "./metrics/metrics-endpoint";
import { requestMetrics } from "./metrics/request-metrics";
import { webDistFolder } from "./paths";
import { disablePromptCache } from "./prompts/prompt-cache";
import { accountRoutes } from "./routes/account";
import { chatRoutes } from "./routes/chats";
import { healthRoutes } from "./routes/health";
import { messageRoutes } from "./routes/messages";
import { operatorRoutes } from "./routes/operator";
import { profileRoutes } from "./routes/profile";
import { publicConfigRoutes, siteConfigFromEnv } from "./routes/public-config";
import { starterQuestionRoutes } from "./routes/starter-questions";
import { emergencyNumbersFromEnv } from "./safety/emergency-numbers";
import { redactionFor } from "./safety/redact";
import { serveWebApp } from "./web/serve-web-app";
import { serverPages } from "./web/server-pages";

export interface AppDeps {
  env: Env;
  db: Database;
  auth: Auth;
  provider: ChatProvider;
  activeReplies: ActiveReplies;
  logger: Logger;
  webRoot?: string;
}

/** Builds the whole HTTP app; the server entry and the tests both use it. */
export function createApp({ env, db, auth, provider, activeReplies, logger, webRoot = webDistFolder }: AppDeps) {
  const origin = publicUrl(env);
  const app = new Hono();

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      // Dictation needs the microphone on our own pages; nothing here uses the camera, location or payments.
      permissionsPolicy: { microphone: ["self"], camera: [], geolocation: [], payment: [] },
      strictTransportSecurity: origin.startsWith("https:") ? "max-age=31536000; includeSubDomains" : false,
    }),
  );
  // One registry per app; none at all (and no per-request work) unless METRICS_TOKEN is set.
  const metrics = env.METRICS_TOKEN ? createMetrics({ activeReplies, db }) : undefined;
  if (metrics) app.use(requestMetrics(metrics));
  app.use(requestLog(logger, env.TRUST_PROXY));
  app.use("/api/*", bodyLimit({ maxBytes: env.MAX_BODY_BYTES, onTooLarge: (c) => apiError(c, "payload-too-large") }));

  // Cross-site requests must not change state, auth routes included (a reset request from another site
  // would send mail); so the Origin check runs before better-auth's own, which lets cookieless requests pass.
  app.use("/api/*", sameOrigin({ publicOrigin: env.PUBLIC_URL ? new URL(origin).origin : undefined, trustProxy: env.TRUST_PROXY }));
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    if (!isExposedAuthRoute(c.req.method, c.req.path)) return apiError(c, "not-found");
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    // better-auth's limiter and our sign-in throttle count by this key (IPv6 by its /64).
    const ip = clientAddressKey(c, env.TRUST_PROXY);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    let response: Response;
    try {
      response = await auth.handler(new Request(c.req.raw, { headers }));
    } catch (error) {
      if (!isUnknownHostRefusal(error)) throw error;
      logger.info("account request for a host the server did not print refused", { path: c.req.path, host: c.req.header("host") });
      return apiError(c, "unknown-host");
    }
    // better-auth answers a failed database query with a bare 500, and where it swallows a failed session
    // lookup, with 401. While the database is down that is an outage (503), never a signed-out user.
    if ((response.status === 401 || response.status >= 500) && !(await databaseReachable(db))) {
      return databaseUnavailable(c, logger, "unreachable");
    }
    return withoutSessionToken(await withErrorCode(response));
  });

  // Without the session cache every request runs better-auth's full lookup (a reuse time of 0).
  const ttlMs = env.CACHES.includes("sessions") ? undefined : 0;
  const sessions = new SessionLookup(auth, db, { absoluteMaxAgeSeconds: env.SESSION_ABSOLUTE_MAX_AGE_SECONDS, ttlMs });
  if (!env.CACHES.includes("prompts")) disablePromptCache(db);
  // Chained, so that the app's type carries every route with its input and answers: the web's client is
  // hc<AppType>. The better-auth passthrough above stays outside this contract.
  const contract = app
    .route("/api", publicConfigRoutes(env))
    .route("/api/starter-questions", starterQuestionRoutes({ db }))
    .route("/api/health", healthRoutes({ db, provider }))
    .route("/api/profile", profileRoutes({ sessions, db, operatorEmails: env.OPERATOR_EMAILS }))
    .route(
      "/api/account",
      accountRoutes({ sessions, auth, db, recentLoginSeconds: env.RECENT_LOGIN_SECONDS, outboxDir: outboxDirOf(env.DATA_DIR), logger }),
    )
    .route(
      "/api/chats",
      chatRoutes({
        sessions,
        env,
        db,
        provider,
        activeReplies,
        logger,
        redact: redactionFor(env),
        maxPromptTokens: env.MAX_PROMPT_TOKENS,
        metrics,
        emergency: emergencyNumbersFromEnv(env),
      }),
    )
    .route("/api/messages", messageRoutes({ sessions, db }))
    .route(
      "/api/operator",
      operatorRoutes({ sessions, db, logger, operatorEmails: env.OPERATOR_EMAILS, recentLoginSeconds: env.RECENT_LOGIN_SECONDS }),
    );
  app.all("/api/*", (c) => apiError(c, "not-found"));
  // Outside /api (a scraper sends no Origin), and before the web app, whose fallback would answer any path.
  app.get("/metrics", metricsEndpoint(env.METRICS_TOKEN && metrics ? { token: env.METRICS_TOKEN, metrics } : undefined));

  serveWebApp(app, webRoot, logger, serverPages({ sessions, db, site: siteConfigFromEnv(env), logger }));

  app.onError(async (error, c) => {
    // A query that failed because the database is unreachable (or an error whose cause we cannot tell while
    // it is unreachable) is an outage: 503, which clients may retry, instead of a 500 with an error id.
    const unavailable = databaseUnavailableReason(error) ?? ((await databaseReachable(db)) ? undefined : "unreachable");
    if (unavailable) return databaseUnavailable(c, logger, unavailable);
    const id = crypto.randomUUID();
    logger.error("unhandled error", {
      id,
      requestId: c.res.headers.get("X-Request-Id") ?? undefined,
      path: c.req.path,
      error: errorFields(error),
    });
    return apiError(c, "internal", "Something went wrong on our side.", { errorId: id });
  });
  return contract;
}

/** The API's typed contract (paths, inputs, answers); the web imports it as a type only, for `hc<AppType>`. */
export type AppType = ReturnType<typeof createApp>;

function databaseUnavailable(c: Context, logger: Logger, reason: string) {
  logger.warn("database unavailable", { path: c.req.path, reason });
  c.header("Retry-After", "5");
  return apiError(c, "service-unavailable");
}

/** The session lives in an httpOnly cookie; better-auth also echoes its token in JSON bodies, which we drop. */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (!body || typeof body !== "object") return response;
  const { token, session, ...rest } = body as Record<string, unknown>;
  const sessionToken = session && typeof session === "object" && "token" in session;
  if (token === undefined && !sessionToken) return response;
  const safeSession = sessionToken ? { ...(session as Record<string, unknown>), token: undefined } : session;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const safe = session === undefined ? rest : { ...rest, session: safeSession };
  return new Response(JSON.stringify(safe), { status: response.status, statusText: response.statusText, headers });
}
