import type { BrowserContextOptions, CDPSession } from "@playwright/test";

// Lighthouse's mobile profile: a mid-range phone (4× slower CPU) on slow 4G (150 ms RTT, 1.6 Mbps down,
// 750 Kbps up). CDP adds its latency once per request, not per round trip, so 150 ms here is a request on an
// open connection; Lighthouse's own CDP throttling instead uses 562.5 ms (3.75 × RTT, for connection set-up)
// and 90 % of the throughput. Ours is the milder model: the numbers suit comparing builds, not predicting the
// first visit of someone far away.
export const cpuSlowdown = 4;
export const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const phone: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: "en-US",
  serviceWorkers: "block",
};
const longTaskMs = 50;

export interface LongTask {
  start: number;
  end: number;
}

export interface PageSpeedWindow {
  __pageSpeed: { lcpMs: number; longTasks: LongTask[] };
}

/** Runs in the page before its own scripts: records LCP candidates and long tasks as they happen. */
export function observePageSpeed() {
  const record: PageSpeedWindow["__pageSpeed"] = { lcpMs: 0, longTasks: [] };
  (window as unknown as PageSpeedWindow).__pageSpeed = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.lcpMs = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

/**
 * Total blocking time as Lighthouse counts it: of each long task between `fromMs` (first contentful paint, for a
 * page load) and `toMs`, the part after its first 50 ms (and after `fromMs`, for a task that started before it).
 */
export function totalBlockingTime(tasks: readonly LongTask[], fromMs: number, toMs: number): number {
  let total = 0;
  for (const task of tasks) {
    const end = Math.min(task.end, toMs);
    if (end - Math.max(task.start, fromMs) < longTaskMs) continue;
    total += Math.max(0, end - Math.max(task.start + longTaskMs, fromMs));
  }
  return total;
}

/** Slows the page's CPU (and, when given, its network) the way the profile above says. */
export async function throttle(cdp: CDPSession, { network = true } = {}) {
  if (network) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", slow4g);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
}
