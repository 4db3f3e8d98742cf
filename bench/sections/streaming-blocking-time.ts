import type { Browser } from "@playwright/test";
import { queueReply, streamViaServer } from "../lib/client";
import { cpuSlowdown, observePageSpeed, type PageSpeedWindow, phone, throttle, totalBlockingTime } from "../lib/page-metrics";
import { atMost, type Figure, formatNumber } from "../lib/report";
import { percentile } from "../lib/stats";

const limitMs = 200;
/** Question-and-answer pairs in the chat before the measured reply: 200 messages. */
const turns = 100;
/** The measured reply: about a model's pace (50 tokens a second), long enough to stream for several seconds. */
const tokenDelayMs = 20;
const marker = "[streaming-tbt]";

/** A long Markdown reply (headings, lists, emphasis, paragraphs), as a model writes one. */
function longReply(): string {
  const paragraph =
    "Tension headaches often follow a short night, long hours at a screen or too little to drink. Rest, water and a short walk help many people within a few hours.";
  const sections = ["What helps at home", "When to see a doctor", "How to prevent the next one"].map((title, index) =>
    [
      `## ${title}`,
      paragraph,
      `- **Step ${index + 1}:** drink a large glass of water and rest in a quiet room.`,
      "- Keep to regular meals and *regular* sleep for the next few days.",
      "- An over-the-counter pain reliever can help; follow the leaflet and do not exceed the dose.",
      paragraph,
    ].join("\n\n"),
  );
  return `${sections.join("\n\n")}\n\nThat is the end of this reply.`;
}

/** A new chat of `turns` exchanges, made through the API one send after the other; returns its id. */
async function longChat(base: string, cookie: string): Promise<string> {
  let chatId: string | undefined;
  for (let turn = 1; turn <= turns; turn++) {
    const question = `Question ${turn}: how much water should I drink on a warm day when I walk for an hour or two?`;
    const result = await streamViaServer(base, cookie, question, { chatId });
    if (result.status !== 200 || result.error || !result.chatId)
      throw new Error(`filling the long chat: send ${turn} answered ${result.status} ${result.error ?? ""}`);
    chatId = result.chatId;
  }
  return chatId as string;
}

interface Sample {
  tbtMs: number;
  longestMs: number;
  streamMs: number;
}

/** One reply streamed into the open chat at 4× CPU slowdown; long tasks counted from the send to the end of the reply. */
async function streamOnce(browser: Browser, url: string, cookies: { name: string; value: string }[], modelUrl: string): Promise<Sample> {
  const context = await browser.newContext(phone);
  try {
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: new URL(url).hostname, path: "/" })));
    await context.addInitScript(observePageSpeed);
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page), { network: false });
    await page.goto(url);
    const input = page.getByRole("textbox", { name: "Your message" });
    await input.waitFor({ timeout: 30_000 });
    await page.getByRole("article", { name: "The assistant replied" }).last().waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const text = longReply();
    await queueReply(modelUrl, { kind: "reply", text, delayMs: tokenDelayMs, when: marker });
    await input.fill(`${marker} My headache came back this afternoon. What else can I try?`);
    const from = await page.evaluate(() => performance.now());
    await input.press("Enter");
    await page.getByRole("button", { name: "Stop", exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Send", exact: true }).waitFor({ timeout: 120_000 });
    const to = await page.evaluate(() => performance.now());
    const lastReply = (await page.getByRole("article", { name: "The assistant replied" }).last().textContent()) ?? "";
    if (!lastReply.includes("That is the end of this reply."))
      throw new Error(`the streamed reply did not arrive whole: …${lastReply.slice(-120)}`);
    // A long task reaches the observer only some time after it ended: read at once, the last ones (the finished
    // reply's render, just before Send returns) were sometimes missed. Tasks after `to` are not counted.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    const tasks = (await page.evaluate(() => (window as unknown as PageSpeedWindow).__pageSpeed.longTasks)).filter(
      (task) => task.end > from,
    );
    return {
      tbtMs: totalBlockingTime(tasks, from, to),
      longestMs: Math.max(0, ...tasks.map((task) => Math.min(task.end, to) - Math.max(task.start, from))),
      streamMs: to - from,
    };
  } finally {
    await context.close();
  }
}

/**
 * Total blocking time while a long reply streams into a chat of 200 messages: from pressing Enter to the end of
 * the reply, in Chromium at 4× CPU slowdown (the network is not throttled: it adds no work to the page).
 */
export async function measureStreamingBlockingTime(
  browser: Browser,
  {
    base,
    cookie,
    cookies,
    modelUrl,
    runs,
  }: { base: string; cookie: string; cookies: { name: string; value: string }[]; modelUrl: string; runs: number },
): Promise<Figure> {
  const chatId = await longChat(base, cookie);
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) samples.push(await streamOnce(browser, `${base}/chats/${chatId}`, cookies, modelUrl));
  const of = (key: keyof Sample) => samples.map((sample) => sample[key]);
  const tbt = { p50: percentile(of("tbtMs"), 50), max: Math.max(...of("tbtMs")) };
  const tokens = longReply().split(/(?<=\s)/).length;
  return {
    section: "Page speed",
    name: `TBT while a reply streams into a chat of ${turns * 2} messages`,
    measured: `p50 ${formatNumber(tbt.p50)} ms, max ${formatNumber(tbt.max)} ms (longest task p50 ${formatNumber(percentile(of("longestMs"), 50))} ms; send to end p50 ${formatNumber(percentile(of("streamMs"), 50) / 1000)} s), n=${samples.length}; ${tokens} tokens at ${tokenDelayMs} ms, ${cpuSlowdown}× CPU slowdown, 412 px phone`,
    target: `p50 ≤ ${limitMs} ms`,
    ...atMost(tbt.p50, limitMs, " ms"),
    samples: samples.length,
    data: { samples, tbt, tokens, tokenDelayMs, messagesBefore: turns * 2 },
  };
}
