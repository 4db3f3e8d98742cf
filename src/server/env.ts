import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { normalizeEmail } from "../shared/email";
import { regionHasCrisisLine } from "./safety/emergency-numbers";

const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
    .optional()
    .transform((value) => (value === undefined ? fallback : ["true", "1", "yes", "on"].includes(value)));

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A number to call, as people write it: digits, spaces, `+`, `-`, `/`. */
const phoneNumber = (name: string) =>
  optionalText.refine((v) => v === undefined || /^\+?[\d][\d /-]*$/.test(v), {
    message: `${name} must be a phone number: digits, spaces, + and -`,
  });

/** Settings that are read no more, with what replaced them: a start with one of them stops, naming the new ones. */
const retiredSettings: Record<string, string> = {
  EMERGENCY_NUMBER_US: "numbers now come from the deployment, not the browser: set EMERGENCY_REGION=US (or EMERGENCY_NUMBER)",
  CRISIS_LINE_DE: "set EMERGENCY_REGION (or CRISIS_LINE and CRISIS_LINE_NAME) instead",
  CRISIS_LINE_EN: "set EMERGENCY_REGION (or CRISIS_LINE and CRISIS_LINE_NAME) instead",
  CRISIS_LINE_US: "set EMERGENCY_REGION=US (or CRISIS_LINE and CRISIS_LINE_NAME) instead",
};

/** Every setting the server reads, with its default. Nothing else reads process.env. */
export const envSchema = z.object({
  // ## Server
  /** `development` (rebuilds on start, logs mail links), `production` or `test`; security checks stay on in every mode. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** HTTP port. */
  PORT: int(3000, 0),
  /** Interface to listen on (`0.0.0.0`: every interface, so a phone on the LAN can reach it). */
  HOST: z.string().default("0.0.0.0"),
  /**
   * The address users open, e.g. `https://chat.example.org`. Set it in production: only its origin may change data, e-mail links use
   * it, cookies are Secure and HSTS is sent when it is `https`. Unset: account requests are taken only at the addresses printed at
   * start (a warning in production); cross-site requests are still refused.
   */
  PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), {
    message: "PUBLIC_URL must be the address users open, e.g. https://chat.example.org",
  }),

  // ## Database
  /** Embedded database (`pglite/`), mail outbox (`outbox/`) and `auth-secret`. Created 0700; one others may read stops the start. */
  DATA_DIR: z.string().default("./data"),
  /** `postgres://…`: use this PostgreSQL server instead of the embedded database. */
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: "DATABASE_URL must start with postgres:// or postgresql://",
  }),
  /** With `DATABASE_URL`: how long opening a connection, or waiting for a free one, may take before the request gets 503 (ms). */
  DATABASE_CONNECT_TIMEOUT_MS: int(5000, 100),
  /** With `DATABASE_URL`: connections this process keeps (processes × this must stay under PostgreSQL's `max_connections`). */
  DATABASE_POOL_SIZE: int(10, 1),
  /** The embedded database (no DATABASE_URL) runs in a worker thread, so its queries never hold up streaming replies. */
  PGLITE_WORKER: flag(true),

  // ## Secrets, proxy and monitoring
  /**
   * Signs session cookies (32 characters or more). Set it when several processes share one database.
   * @default generated into `DATA_DIR/auth-secret`
   */
  AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: "AUTH_SECRET must be at least 32 characters",
  }),
  /** Behind a reverse proxy only: client address from the last `X-Forwarded-For` hop, the proxy's `X-Request-Id`, and `X-Forwarded-Host` without PUBLIC_URL (held to the printed addresses). */
  TRUST_PROXY: flag(false),
  /** The lowest level written; `info` includes one access-log line per request (method, route pattern, status, time). */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Serves /metrics (Prometheus) to requests with `Authorization: Bearer <token>`; unset, /metrics does not exist. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || /^\S{16,}$/.test(v), {
    message: "METRICS_TOKEN must be at least 16 characters, without spaces",
  }),

  // ## E-mail
  /** e.g. `smtps://user:pass@mail.example.org:465`; unset: mail is written to `DATA_DIR/outbox` (deleted once its links expire). */
  SMTP_URL: optionalText,
  /** Sender of account e-mails (confirmation, password reset). */
  MAIL_FROM: z.string().default("Health Chat <no-reply@localhost>"),

  // ## Passwords
  /** Minimum password length (NIST 800-63B). */
  PASSWORD_MIN_LENGTH: int(8, 1),
  /** Maximum password length; NIST 800-63B asks to allow at least 64 characters. */
  PASSWORD_MAX_LENGTH: int(128, 64),
  /** Require a lower-case letter; composition rules are off by default, as NIST and OWASP ASVS advise. */
  PASSWORD_REQUIRE_LOWERCASE: flag(false),
  /** Require an upper-case letter. */
  PASSWORD_REQUIRE_UPPERCASE: flag(false),
  /** Require a digit. */
  PASSWORD_REQUIRE_DIGIT: flag(false),
  /** Require a symbol (see `PASSWORD_ALLOWED_SYMBOLS`). */
  PASSWORD_REQUIRE_SYMBOL: flag(false),
  /** What counts as a symbol. */
  PASSWORD_ALLOWED_SYMBOLS: z.string().default("^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+-"),
  /** Reject the most common passwords. */
  PASSWORD_REJECT_COMMON: flag(true),
  /** How many of the most common passwords (from a bundled list of about 49,000) are rejected. */
  PASSWORD_COMMON_LIST_SIZE: int(10000, 0),

  // ## Rate limits and sign-in throttling
  /** `off` disables all throttling (load tests, browser tests); the server warns at start. */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /** In-memory caches to run: `sessions`, `prompts` (comma-separated), or `none`; for the bench, which weighs them. */
  CACHES: z
    .string()
    .default("sessions,prompts")
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name && name !== "none"),
    )
    .pipe(z.array(z.enum(["sessions", "prompts"]))),
  /** Window of the per-address auth rate limits (seconds). */
  RATE_LIMIT_WINDOW_SECONDS: int(60, 1),
  /** Auth requests per address and window. */
  RATE_LIMIT_MAX: int(100, 1),
  /** Sign-in attempts per address and window. */
  SIGN_IN_RATE_LIMIT_MAX: int(10, 1),
  /** Sign-ups per address and window. */
  SIGN_UP_RATE_LIMIT_MAX: int(5, 1),
  /** Password-reset and confirmation e-mails asked for per address and window. */
  PASSWORD_RESET_RATE_LIMIT_MAX: int(3, 1),
  /** Failed sign-ins for one e-mail from one address (IPv6: its /64) before that address is refused for it. */
  FAILED_SIGN_IN_MAX: int(5, 1),
  /** How long failed sign-ins count and the address stays refused; also how long an e-mail's delay streak lasts (seconds). */
  FAILED_SIGN_IN_WINDOW_SECONDS: int(900, 1),
  /** Failed sign-ins for one e-mail from any address before its attempts are spaced out (2 s, 4 s, … up to the cap). */
  FAILED_SIGN_IN_DELAY_AFTER: int(5, 1),
  /** The longest such delay (seconds); a password reset lifts both the lock and the delay. */
  FAILED_SIGN_IN_MAX_DELAY_SECONDS: int(30, 1),

  // ## Chats
  /** Window of the chat send limits (seconds). */
  CHAT_RATE_LIMIT_WINDOW_SECONDS: int(60, 1),
  /** Messages (and regenerations) one user may send per window. */
  CHAT_RATE_LIMIT_PER_USER: int(20, 1),
  /** Messages one address may send per window. */
  CHAT_RATE_LIMIT_PER_IP: int(60, 1),
  /** Delete chats not touched for this many days, at start-up and hourly; `0` keeps them. */
  CHAT_RETENTION_DAYS: int(0, 0),

  // ## Sessions and links
  /** Session lifetime (seconds; 7 days); each use slides it on. */
  SESSION_MAX_AGE_SECONDS: int(60 * 60 * 24 * 7, 60),
  /** However often a session is used (each use slides SESSION_MAX_AGE_SECONDS on), it ends this long after sign-in. */
  SESSION_ABSOLUTE_MAX_AGE_SECONDS: int(60 * 60 * 24 * 30, 60),
  /** Deleting the account, and for operators exporting data or changing prompts, needs a sign-in at most this old (seconds). */
  RECENT_LOGIN_SECONDS: int(300, 0),
  /** Password-reset links expire after this, and work once (seconds). */
  RESET_TOKEN_TTL_SECONDS: int(3600, 60),
  /** Links that confirm an e-mail address expire after this (seconds; 24 hours). */
  VERIFICATION_TOKEN_TTL_SECONDS: int(60 * 60 * 24, 60),

  // ## Requests and streaming
  /** Largest accepted API request body (bytes). */
  MAX_BODY_BYTES: int(64 * 1024, 1024),
  /** On SIGTERM, how long streaming replies may run on before they are stopped and saved (seconds). */
  SHUTDOWN_GRACE_SECONDS: int(25, 0),
  /** Past this many replies streaming at once in one process, new ones get 429 with Retry-After. */
  MAX_LIVE_CHATS: int(2000, 1),
  /** Past this many of one user's replies streaming at once (in one process), their next one gets 429 with Retry-After. */
  MAX_LIVE_CHATS_PER_USER: int(3, 1),
  /** The Retry-After sent with those 429s (seconds). */
  LIVE_CHATS_RETRY_AFTER_SECONDS: int(5, 1),
  /** A reply stream with nothing to send this long (the model slow to start) sends a comment line. */
  STREAM_KEEPALIVE_SECONDS: int(15, 1),

  // ## Model
  /** Key for the model endpoint; only the server holds it. Unset together with OPENAI_BASE_URL: demo mode. */
  OPENAI_API_KEY: optionalText,
  /**
   * Any OpenAI-compatible Chat Completions endpoint (Ollama `http://localhost:11434/v1`, vLLM, llama.cpp, gateways).
   * @default OpenAI's API
   */
  OPENAI_BASE_URL: optionalText,
  /** Model name sent to the endpoint. */
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  /** Request timeout (ms); the SDK stops counting once the reply starts. */
  LLM_TIMEOUT_MS: int(600_000, 1000),
  /** A streaming reply that sends nothing for this long is ended as failed (ms). */
  LLM_IDLE_TIMEOUT_MS: int(60_000, 100),
  /** Retries on connection errors, 408, 409, 429 and 5xx, with backoff. */
  LLM_MAX_RETRIES: int(2, 0),
  /**
   * Open connections to the model endpoint at most, kept alive and shared by every reply, check and title; a request
   * past it waits for a free one. Keep it above twice MAX_LIVE_CHATS.
   */
  MODEL_MAX_CONNECTIONS: int(4096, 1),
  /**
   * `spec` sends the product spec's sampling values; `provider-default` sends none, for endpoints that refuse them
   * (OpenAI's reasoning models: the log then names `SamplingRefusedError`).
   */
  LLM_SAMPLING: z.enum(["spec", "provider-default"]).default("spec"),
  /**
   * The most a reply's prompt holds, in estimated tokens (characters / 4 rounded up, plus 4 a message): the system
   * prompt and the newest user message always, then earlier turns, newest first, as long as they fit.
   */
  MAX_PROMPT_TOKENS: int(6000, 500),
  /** The model's second opinion on each user message (emergency or not): how long it may take, with no retry. */
  RED_FLAG_MODEL_TIMEOUT_MS: int(8000, 100),

  // ## Safety
  /**
   * Country whose emergency number and suicide crisis line the emergency card, the disclaimer and the system prompt
   * give (ISO 3166 code): `DE`, `AT`, `CH`, `GB`, `IE` and `US` have their own; any other gets 112 and no crisis line
   * (see [safety.md](safety.md#the-emergency-card-and-its-numbers)). Never taken from the browser or the language.
   */
  EMERGENCY_REGION: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: "EMERGENCY_REGION must be a two-letter country code such as DE, AT, CH, GB, IE or US" })
    .default("DE"),
  /**
   * The emergency number instead of the region's (digits, spaces, `+`, `-`).
   * @default the region's (DE: `112`)
   */
  EMERGENCY_NUMBER: phoneNumber("EMERGENCY_NUMBER"),
  /**
   * The crisis line's number instead of the region's; set CRISIS_LINE_NAME with it.
   * @default the region's (DE: `0800 111 0 111`)
   */
  CRISIS_LINE: phoneNumber("CRISIS_LINE"),
  /**
   * The crisis line's name instead of the region's.
   * @default the region's (DE: `TelefonSeelsorge`)
   */
  CRISIS_LINE_NAME: optionalText,
  /** Replace personal identifiers (e-mail, phone, IBAN, insurance numbers, birth dates, addresses, …) before text goes to the model. */
  REDACT_PERSONAL_DATA: flag(true),

  // ## Research team
  /**
   * Comma-separated e-mail addresses of the research team's operators (dashboard, exports, prompts); each account
   * becomes one once its owner has confirmed the address.
   */
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((value) => value.split(",").map(normalizeEmail).filter(Boolean)),

  // ## Site
  /** Name in e-mails and the start-up message. */
  SITE_NAME: z.string().default("Health Chat"),
  /** The anonymous survey in English; the link is hidden while unset. */
  SURVEY_URL_EN: optionalText,
  /** The anonymous survey in German; the link is hidden while unset. */
  SURVEY_URL_DE: optionalText,
  /** "Download the app" link on the landing page; hidden while unset. */
  APP_DOWNLOAD_URL: optionalText,
  /** Authors line on the explanation page; hidden while unset. */
  AUTHORS: optionalText,
  /** Contact named on the privacy and account pages. */
  PRIVACY_CONTACT_EMAIL: optionalText,
});

export type Env = z.infer<typeof envSchema>;

/**
 * Reads `.env` from the working directory into process.env when there is one. Variables already set in the
 * real environment win (Node's loader does not overwrite them).
 */
export function loadDotEnvFile(path = join(process.cwd(), ".env")): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}

/**
 * Parses the environment once at boot and fails fast with every problem listed. Without a `source`, that is
 * process.env after reading `.env`.
 */
export function loadEnv(source?: Record<string, string | undefined>): Env {
  if (!source) loadDotEnvFile();
  const values = source ?? process.env;
  const result = envSchema.safeParse(values);
  const lines = Object.entries(retiredSettings)
    .filter(([name]) => values[name] !== undefined)
    .map(([name, instead]) => `  ${name}: no longer read; ${instead}`);
  if (result.success && result.data.CRISIS_LINE_NAME && !result.data.CRISIS_LINE && !regionHasCrisisLine(result.data.EMERGENCY_REGION)) {
    lines.push(`  CRISIS_LINE_NAME: region ${result.data.EMERGENCY_REGION} has no crisis line; set CRISIS_LINE with it`);
  }
  if (!result.success) lines.push(...result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`));
  if (!result.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  return result.data;
}

export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
