// Preloaded into the server under test (`node --import ./bench/probe.mjs dist/server/index.js`): answers the
// benchmark's IPC questions with the process's event-loop delay histogram and memory, so the server needs no
// debug route. Without an IPC channel (a normal start) it does nothing.
import { monitorEventLoopDelay } from "node:perf_hooks";

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  process.on("message", (message) => {
    if (message?.bench !== "stats") return;
    // The server runs with --expose-gc only so that a baseline can be taken after a full collection.
    if (message.gc && typeof globalThis.gc === "function") globalThis.gc();
    const memory = process.memoryUsage();
    process.send?.({
      bench: "stats",
      id: message.id,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      loop: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), samples: delay.count },
    });
    if (message.reset) delay.reset();
  });
  // The channel must not keep the server alive on SIGTERM.
  process.channel?.unref();
}
