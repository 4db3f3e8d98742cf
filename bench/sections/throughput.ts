import { join } from "node:path";
import { queueReply, type StreamResult, signUp, streamDirect, streamViaServer } from "../lib/client";
import type { BenchContext } from "../lib/context";
import { startModel, startServer } from "../lib/procs";
import { atLeast, type Figure, formatNumber } from "../lib/report";
import { round, summarize } from "../lib/stats";
import { checkComplete, type Mode, pair } from "./latency-pairs";

/**
 * The model sends a long reply (20,000 tokens) as fast as it can; tokens per second as the client receives them,
 * from sending the request to the last token, so our time to the first token counts too.
 */
export async function measureThroughput(ctx: BenchContext): Promise<Figure> {
  const model = await startModel(0);
  const server = await startServer({ dataDir: join(ctx.tmp, "throughput"), modelUrl: model.url, logFile: ctx.serverLog });
  try {
    const cookie = await signUp(server.base, "throughput@bench.local");
    const marker = "throughput-run";
    const question = `Please explain sleep hygiene and headaches (${marker})`;
    const reply = Array.from({ length: 20_000 }, (_, i) => `word${i % 97} `).join("");
    const run = async (mode: Mode) => {
      await queueReply(model.url, { kind: "reply", text: reply, when: marker });
      return mode === "direct" ? streamDirect(model.url, question) : streamViaServer(server.base, cookie, question);
    };
    for (let i = 0; i < 3; i++) await pair(run, i, { direct: [], server: [] });
    const out: Record<Mode, StreamResult[]> = { direct: [], server: [] };
    const samples = ctx.quick ? 6 : 20;
    for (let i = 0; i < samples; i++) await pair(run, i, out);
    checkComplete([...out.direct, ...out.server], reply, "throughput");
    // Counted in the model's tokens: our stream may carry several of them in one event.
    const tokens = reply.split(" ").length - 1;
    const rate = (r: StreamResult) => tokens / ((r.ttftMs + r.streamMs) / 1000);
    const directRate = summarize(out.direct.map(rate));
    const serverRate = summarize(out.server.map(rate));
    const ratio = serverRate.p50 / directRate.p50;
    const figure: Figure = {
      section: "Streaming throughput",
      name: `${tokens}-token reply, model at full speed`,
      measured: `through us: p50 ${formatNumber(serverRate.p50)} tokens/s (${formatNumber(ratio * 100)}% of direct), n=${serverRate.samples}`,
      baseline: `direct from model: p50 ${formatNumber(directRate.p50)} tokens/s, n=${directRate.samples}`,
      target: "≥ 95% of the direct rate",
      ...atLeast(round(ratio * 100, 1), 95, "%"),
      samples: serverRate.samples + directRate.samples,
      data: { tokens, direct: directRate, server: serverRate, ratio: round(ratio, 3) },
    };
    ctx.log(`  throughput: ${figure.measured}`);
    return figure;
  } finally {
    await server.stop();
    await model.stop();
  }
}
