import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { normalizeEmail } from "../shared/email";

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

/** Every setting the server reads, with its default. Nothing else reads process.env. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: int(3000, 0),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), {
    message: "PUBLIC_URL must be the address users open, e.g. https://chat.example.org",
  }),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: "DATABASE_URL must start with postgres:// or postgresql://",
  }),
  DATABASE_CONNECT_TIMEOUT_MS: int(5000, 100),
  DATABASE_POOL_SIZE: int(10, 1),
  /** The embedded database (no DATABASE_URL) runs in a worker thread, so its queries never hold up streaming replies. */
  PGLITE_WORKER: flag(true),
  AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: "AUTH_SECRET must be at least 32 characters",
  }),
  TRUST_PROXY: flag(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Serves /metrics (Prometheus) to requests with `Authorization: Bearer <token>`; unset, /metrics does not exist. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || /^\S{16,}$/.test(v), {
    message: "METRICS_TOKEN must be at least 16 characters, without spaces",
  }),

  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default("Health Chat <no-reply@localhost>"),

  PASSWORD_MIN_LENGTH: int(8, 1),
  // NIST 800-63B: allow at least 64 characters.
  PASSWORD_MAX_LENGTH: int(128, 64),
  PASSWORD_REQUIRE_LOWERCASE: flag(false),
  PASSWORD_REQUIRE_UPPERCASE: flag(false),
  PASSWORD_REQUIRE_DIGIT: flag(false),
  PASSWORD_REQUIRE_SYMBOL: flag(false),
  PASSWORD_ALLOWED_SYMBOLS: z.string().default("^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+-"),
  PASSWORD_REJECT_COMMON: flag(true),
  PASSWORD_COMMON_LIST_SIZE: int(10000, 0),

  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  RATE_LIMIT_WINDOW_SECONDS: int(60, 1),
  RATE_LIMIT_MAX: int(100, 1),
  SIGN_IN_RATE_LIMIT_MAX: int(10, 1),
  SIGN_UP_RATE_LIMIT_MAX: int(5, 1),
  PASSWORD_RESET_RATE_LIMIT_MAX: int(3, 1),
  /** Failed sign-ins for one e-mail from one address (IPv6: its /64) before that address is refused for it. */
  FAILED_SIGN_IN_MAX: int(5, 1),
  FAILED_SIGN_IN_WINDOW_SECONDS: int(900, 1),
  /** Failed sign-ins for one e-mail from any address before its attempts are spaced out (2 s, 4 s, … up to the cap). */
  FAILED_SIGN_IN_DELAY_AFTER: int(5, 1),
  FAILED_SIGN_IN_MAX_DELAY_SECONDS: int(30, 1),

  CHAT_RATE_LIMIT_WINDOW_SECONDS: int(60, 1),
  CHAT_RATE_LIMIT_PER_USER: int(20, 1),
  CHAT_RATE_LIMIT_PER_IP: int(60, 1),
  CHAT_RETENTION_DAYS: int(0, 0),

  SESSION_MAX_AGE_SECONDS: int(60 * 60 * 24 * 7, 60),
  /** However often a session is used (each use slides SESSION_MAX_AGE_SECONDS on), it ends this long after sign-in. */
  SESSION_ABSOLUTE_MAX_AGE_SECONDS: int(60 * 60 * 24 * 30, 60),
  RECENT_LOGIN_SECONDS: int(300, 0),
  RESET_TOKEN_TTL_SECONDS: int(3600, 60),
  VERIFICATION_TOKEN_TTL_SECONDS: int(60 * 60 * 24, 60),
  MAX_BODY_BYTES: int(64 * 1024, 1024),
  SHUTDOWN_GRACE_SECONDS: int(25, 0),
  /** Past this many replies streaming at once in one process, new ones get 429 with Retry-After. */
  MAX_LIVE_CHATS: int(2000, 1),
  /** Past this many of one user's replies streaming at once (in one process), their next one gets 429 with Retry-After. */
  MAX_LIVE_CHATS_PER_USER: int(3, 1),
  LIVE_CHATS_RETRY_AFTER_SECONDS: int(5, 1),
  /** A reply stream with nothing to send this long (the model slow to start) sends a comment line. */
  STREAM_KEEPALIVE_SECONDS: int(15, 1),

  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  LLM_TIMEOUT_MS: int(600_000, 1000),
  LLM_IDLE_TIMEOUT_MS: int(60_000, 100),
  LLM_MAX_RETRIES: int(2, 0),
  /** Open connections to the model endpoint at most, kept alive and shared by every reply, check and title. */
  MODEL_MAX_CONNECTIONS: int(4096, 1),
  /** `spec` sends the spec's sampling values; `provider-default` sends none, for endpoints that refuse them. */
  LLM_SAMPLING: z.enum(["spec", "provider-default"]).default("spec"),
  /** The model's second opinion on each user message (emergency or not): how long it may take, with no retry. */
  RED_FLAG_MODEL_TIMEOUT_MS: int(8000, 100),

  EMERGENCY_NUMBER: z.string().default("112"),
  EMERGENCY_NUMBER_US: z.string().default("911"),
  CRISIS_LINE_DE: z.string().default("Telefonseelsorge 0800 111 0 111"),
  CRISIS_LINE_EN: z.string().default("Telefonseelsorge 0800 111 0 111 (Germany)"),
  CRISIS_LINE_US: z.string().default("988"),
  REDACT_PERSONAL_DATA: flag(true),

  /** Comma-separated e-mail addresses of the research team's operators (dashboard, exports, prompts). */
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((value) => value.split(",").map(normalizeEmail).filter(Boolean)),

  SITE_NAME: z.string().default("Health Chat"),
  SURVEY_URL_EN: optionalText,
  SURVEY_URL_DE: optionalText,
  APP_DOWNLOAD_URL: optionalText,
  AUTHORS: optionalText,
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
  const result = envSchema.safeParse(source ?? process.env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
