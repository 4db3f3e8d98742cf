// Runs the fake model for development or the browser tests: `npm run fake-model -- [port]`.
import { startFakeModel } from "./server";

const port = Number(process.argv[2] ?? process.env.FAKE_MODEL_PORT ?? 4010);
const server = await startFakeModel({
  port,
  tokenDelayMs: Number(process.env.FAKE_MODEL_TOKEN_DELAY_MS ?? 20),
  classifyDelayMs: Number(process.env.FAKE_MODEL_CLASSIFY_DELAY_MS ?? 300),
});
console.log(`fake model listening at ${server.url} (set OPENAI_BASE_URL to this)`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
