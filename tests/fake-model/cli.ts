// Runs the fake model for development or the browser tests: `npm run fake-model -- [port]`.
// FAKE_MODEL_REASONING=<style> plays a reasoning model (see ./reasoning.ts); FAKE_MODEL_REFUSES=max_tokens,sampling
// plays an endpoint that refuses those parameters, as OpenAI's reasoning models do.
import { parseCommandLine } from "../../src/cli/lib/args";
import { type ReasoningStyle, type Refusable, reasoningStyles } from "./reasoning";
import { startFakeModel } from "./server";

const usage = `Usage: npm run fake-model -- [PORT]

Runs the fake OpenAI-compatible model on PORT (FAKE_MODEL_PORT, else 4010).
  FAKE_MODEL_TOKEN_DELAY_MS (20), FAKE_MODEL_CLASSIFY_DELAY_MS (300)   its pace
  FAKE_MODEL_REASONING=STYLE               play a reasoning model (${reasoningStyles.join(", ")})
  FAKE_MODEL_REFUSES=max_tokens,sampling   refuse those parameters, as OpenAI's reasoning models do

Options:
  -h, --help    show this help`;
const [portArgument] = parseCommandLine(usage, {}).positionals;

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  console.error(`${name} must be one of ${allowed.join(", ")} (got "${value}")`);
  process.exit(2);
}
const reasoning = process.env.FAKE_MODEL_REASONING
  ? oneOf<ReasoningStyle>("FAKE_MODEL_REASONING", process.env.FAKE_MODEL_REASONING, reasoningStyles)
  : undefined;
const refuses = (process.env.FAKE_MODEL_REFUSES ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean)
  .map((name) => oneOf<Refusable>("FAKE_MODEL_REFUSES", name, ["max_tokens", "sampling"]));

const port = Number(portArgument ?? process.env.FAKE_MODEL_PORT ?? 4010);
const server = await startFakeModel({
  port,
  tokenDelayMs: Number(process.env.FAKE_MODEL_TOKEN_DELAY_MS ?? 20),
  classifyDelayMs: Number(process.env.FAKE_MODEL_CLASSIFY_DELAY_MS ?? 300),
  reasoning,
  refuses,
});
console.log(`fake model listening at ${server.url} (set OPENAI_BASE_URL to this)`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
