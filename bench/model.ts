// The fake OpenAI-compatible model in its own process (so its work does not share the server's or the
// client's event loop). Usage: tsx bench/model.ts <tokenDelayMs>; sends { port } over IPC when listening.
import { startFakeModel } from "../tests/fake-model/server";

const tokenDelayMs = Number(process.argv[2] ?? "0");
const model = await startFakeModel({ port: 0, tokenDelayMs });
process.send?.({ port: model.port });
process.channel?.unref();
process.once("SIGTERM", () => void model.close().then(() => process.exit(0)));
