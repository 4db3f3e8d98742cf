import { join } from "node:path";
import { replyTo } from "../../tests/fake-model/server";
import { queueReply, type StreamResult, signUp, streamDirect, streamViaServer } from "../lib/client";
import type { BenchContext } from "../lib/context";
import { startModel, startServer } from "../lib/procs";
import { all, atLeast, atMost, type Figure, formatNumber } from "../lib/report";
import { percentile, round, summarize } from "../lib/stats";

const question = "I have had a mild headache since this morning after a short night, what can I do about it at home?";

type Mode = "direct" | "server";

/** Runs the same request through both paths in turn, so both see the same machine noise. */
async function pair(run: (mode: Mode) => Promise<StreamResult>, order: number, out: Record<Mode, StreamResult[]>) {
  const modes: Mode[] = order % 2 === 0 ? ["direct", "server"] : ["server", "direct"];
  for (const mode of modes) out[mode].push(await run(mode));
}

function checkComplete(results: StreamResult[], expected: string, label: string) {
  const bad = results.filter((r) => r.status !== 200 || r.text !== expected || (r.doneText !== undefined && r.doneText !== expected));
  if (bad.length > 0)
    throw new Error(
      `${label}: ${bad.length} of ${results.length} streams were incomplete or failed (${bad[0]?.status} ${bad[0]?.error ?? ""})`,
    );
}

function ttftFigure(level: number, out: Record<Mode, StreamResult[]>, limits: { p50: number; p99: number }): Figure {
  const direct = out.direct.map((r) => r.ttftMs);
  const server = out.server.map((r) => r.ttftMs);
  const d = summarize(direct);
  const s = summarize(server);
  const added50 = round(percentile(server, 50) - percentile(direct, 50));
  const added99 = round(percentile(server, 99) - percentile(direct, 99));
  const check = all([
    { label: "p50", ...atMost(added50, limits.p50, " ms") },
    { label: "p99", ...atMost(added99, limits.p99, " ms") },
  ]);
  return {
    section: "Added time to first token",
    name: `${level} concurrent chat${level > 1 ? "s" : ""}`,
    measured: `added p50 ${formatNumber(added50)} ms, p99 ${formatNumber(added99)} ms (through us: p50 ${s.p50} / p99 ${s.p99} ms, n=${s.samples})`,
    baseline: `direct from model: p50 ${d.p50} / p99 ${d.p99} ms, n=${d.samples}`,
    target: `added p50 ≤ ${limits.p50} ms, p99 ≤ ${limits.p99} ms`,
    ...check,
    samples: s.samples + d.samples,
    data: { direct: d, server: s, addedP50: added50, addedP99: added99 },
  };
}

/** Added time to first token at 1 and 50 concurrent chats, and streaming throughput, vs the model directly. */
export async function measureLatency(ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  const expected = replyTo(question);

  // 1 chat at a time: alternate direct and through-us requests, one after another.
  {
    const model = await startModel(1);
    const server = await startServer({ dataDir: join(ctx.tmp, "ttft-1"), modelUrl: model.url, logFile: ctx.serverLog });
    try {
      const cookie = await signUp(server.base, "ttft1@bench.local");
      const run = (mode: Mode) => (mode === "direct" ? streamDirect(model.url, question) : streamViaServer(server.base, cookie, question));
      const warm: Record<Mode, StreamResult[]> = { direct: [], server: [] };
      for (let i = 0; i < 20; i++) await pair(run, i, warm);
      const out: Record<Mode, StreamResult[]> = { direct: [], server: [] };
      const samples = ctx.quick ? 40 : 200;
      for (let i = 0; i < samples; i++) await pair(run, i, out);
      checkComplete([...out.direct, ...out.server], expected, "1 chat");
      figures.push(ttftFigure(1, out, { p50: 3, p99: 10 }));
      ctx.log(`  TTFT at 1: ${figures.at(-1)?.measured}`);
    } finally {
      await server.stop();
      await model.stop();
    }
  }

  // 50 chats at once: 50 closed-loop clients, each reply ~40 tokens at 20 ms (about a second, like a
  // fast model); slices of direct and through-us traffic take turns.
  {
    const concurrency = 50;
    const model = await startModel(20);
    const server = await startServer({ dataDir: join(ctx.tmp, "ttft-50"), modelUrl: model.url, logFile: ctx.serverLog });
    try {
      const cookie = await signUp(server.base, "ttft50@bench.local");
      const run = (mode: Mode) => (mode === "direct" ? streamDirect(model.url, question) : streamViaServer(server.base, cookie, question));
      const slice = async (mode: Mode, ms: number, into: StreamResult[]) => {
        const end = performance.now() + ms;
        await Promise.all(
          Array.from({ length: concurrency }, async (_, worker) => {
            // Stagger the first requests so a slice does not open with a burst of 50 at the same instant.
            await new Promise((resolve) => setTimeout(resolve, worker * 20));
            while (performance.now() < end) into.push(await run(mode));
          }),
        );
      };
      await slice("server", 2000, []);
      await slice("direct", 1000, []);
      const out: Record<Mode, StreamResult[]> = { direct: [], server: [] };
      const slices = ctx.quick ? 2 : 4;
      const sliceMs = ctx.quick ? 3000 : 8000;
      for (let i = 0; i < slices; i++) {
        const modes: Mode[] = i % 2 === 0 ? ["direct", "server"] : ["server", "direct"];
        for (const mode of modes) await slice(mode, sliceMs, out[mode]);
      }
      checkComplete([...out.direct, ...out.server], expected, "50 chats");
      figures.push(ttftFigure(concurrency, out, { p50: 5, p99: 25 }));
      ctx.log(`  TTFT at 50: ${figures.at(-1)?.measured}`);
    } finally {
      await server.stop();
      await model.stop();
    }
  }

  // Throughput: the model sends a long reply (20,000 tokens) as fast as it can; tokens per second as the client
  // receives them, from sending the request to the last token, so our time to the first token counts too.
  {
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
      figures.push({
        section: "Streaming throughput",
        name: `${tokens}-token reply, model at full speed`,
        measured: `through us: p50 ${formatNumber(serverRate.p50)} tokens/s (${formatNumber(ratio * 100)}% of direct), n=${serverRate.samples}`,
        baseline: `direct from model: p50 ${formatNumber(directRate.p50)} tokens/s, n=${directRate.samples}`,
        target: "≥ 95% of the direct rate",
        ...atLeast(round(ratio * 100, 1), 95, "%"),
        samples: serverRate.samples + directRate.samples,
        data: { tokens, direct: directRate, server: serverRate, ratio: round(ratio, 3) },
      });
      ctx.log(`  throughput: ${figures.at(-1)?.measured}`);
    } finally {
      await server.stop();
      await model.stop();
    }
  }
  return figures;
}
