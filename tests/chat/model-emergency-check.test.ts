import { describe, expect, it } from "vitest";
import { parseVerdict } from "../../src/server/chat/emergency-verdict";
import { setPrompt } from "../../src/server/db/queries/prompts";
import { defaultPrompts } from "../../src/server/prompts/defaults";
import { researchExport } from "../../src/server/research/exports";
import { classifyRedFlags } from "../../src/server/safety/red-flags";
import type { StreamEvent } from "../../src/shared/schemas/chat";
import { signUp } from "../helpers/auth";
import { eventOf, messageRows, sendMessage } from "../helpers/chat";
import { fakeModelForFile } from "../helpers/fake-model-suite";
import { describeEachDatabase } from "../helpers/test-app";

// Tokens every 40 ms (a reply of ~22 tokens takes ~0.9 s) and the model's emergency verdict after 250 ms: it
// lands mid-reply. The second model answers at full speed, so its verdict comes after the reply has ended.
const pacedModel = fakeModelForFile({ tokenDelayMs: 40, classifyDelayMs: 250 });
const fastModel = fakeModelForFile({ tokenDelayMs: 0, classifyDelayMs: 300 });

const EMERGENCY = "I have crushing chest pain spreading to my left arm";
// A message the rules leave alone, with the fake model's marker for an emergency verdict.
const CALM = "what helps against a cold?";
const MODEL_ONLY = `#model-emergency ${CALM}`;
/** What the rules alone say about a text (what must stay when the model's check fails). */
const rules = (text: string) => classifyRedFlags(text, "en").categories;

const types = (events: StreamEvent[]) => events.map((event) => event.type);

describeEachDatabase("the model's second opinion on emergencies", ({ createApp }) => {
  it("fires mid-reply: the red-flag event comes between tokens, and is stored with its layer, category and prompt version", async () => {
    const t = await createApp({ OPENAI_BASE_URL: pacedModel().url, RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const sent = await sendMessage(alice, MODEL_ONLY);

    const order = types(sent.events);
    const flagged = order.indexOf("red-flags");
    expect(order[0]).toBe("start");
    expect(order.slice(1, flagged).filter((type) => type === "delta").length).toBeGreaterThan(0);
    expect(order.slice(flagged + 1, order.indexOf("done")).filter((type) => type === "delta").length).toBeGreaterThan(0);
    expect(order.indexOf("done")).toBeGreaterThan(flagged);
    const userMessage = eventOf(sent.events, "start")?.userMessage;
    expect(userMessage?.redFlags, "the rules must not flag the model-only message").toEqual([]);
    expect(eventOf(sent.events, "red-flags")).toEqual({ type: "red-flags", messageId: userMessage?.id, redFlags: ["other-acute"] });

    const [row] = await messageRows(t.db, sent.chatId);
    expect(row).toMatchObject({
      redFlags: [],
      redFlagModelOutcome: "emergency",
      redFlagModelCategory: "other-acute",
      redFlagPromptVersion: 1,
      redFlagLayer: "model",
    });
    // Reopened, the message carries the model's category, so the card is still there.
    const reopened = (await alice.get(`/api/chats/${sent.chatId}`)).json as { messages: { redFlags: string[] }[] };
    expect(reopened.messages[0]?.redFlags).toEqual(["other-acute"]);

    // Both exports say which layer fired, the model's category and the prompt version.
    const mine = (await alice.get("/api/account/export")).json as { chats: { messages: Record<string, unknown>[] }[] };
    const checked = {
      redFlagLayer: "model",
      redFlagModelOutcome: "emergency",
      redFlagModelCategory: "other-acute",
      redFlagPromptVersion: 1,
    };
    expect(mine.chats[0]?.messages[0]).toMatchObject({ redFlags: [], ...checked });
    const today = new Date().toISOString().slice(0, 10);
    const research = await researchExport({ db: t.db, kind: "chats", range: { from: today, to: today }, format: "jsonl" });
    expect(JSON.parse(research.split("\n")[0] ?? "")).toMatchObject({ sender: "user", ...checked });

    // The check asked with the stored prompt and just the message (a new chat has no earlier ones).
    const asked = pacedModel().classifications.find((record) => record.lastUser === MODEL_ONLY)?.request;
    expect(asked?.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(asked?.messages[0]?.content).toBe(defaultPrompts["emergency-check"]);
  });

  it("both layers, rules only, the earlier user messages as context, and a changed prompt's version", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fastModel().url, RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const both = await sendMessage(alice, `${EMERGENCY} #model-emergency:cardiac`);
    // The card already shows the category: nothing to add mid-stream.
    expect(eventOf(both.events, "red-flags")).toBeUndefined();
    expect(eventOf((await sendMessage(alice, EMERGENCY, { chatId: both.chatId })).events, "red-flags")).toBeUndefined();
    await setPrompt({ db: t.db, id: "emergency-check", prompt: `${defaultPrompts["emergency-check"]}\nVersion two.`, changedBy: "test" });
    const addsOne = await sendMessage(alice, `${EMERGENCY} #model-emergency`, { chatId: both.chatId });
    expect(eventOf(addsOne.events, "red-flags")?.redFlags).toEqual(["cardiac", "other-acute"]);

    const users = (await messageRows(t.db, both.chatId)).filter((row) => row.sender === "user");
    expect(
      users.map((row) => [row.redFlags, row.redFlagModelOutcome, row.redFlagModelCategory, row.redFlagLayer, row.redFlagPromptVersion]),
    ).toEqual([
      [["cardiac"], "emergency", "cardiac", "both", 1],
      [["cardiac"], "clear", null, "rules", 1],
      [["cardiac"], "emergency", "other-acute", "both", 2],
    ]);
    const last = fastModel().classifications.at(-1)?.request.messages ?? [];
    expect(last.map((m) => m.content).slice(1)).toEqual([
      `${EMERGENCY} #model-emergency:cardiac`,
      EMERGENCY,
      `${EMERGENCY} #model-emergency`,
    ]);
    expect(last[0]?.content).toContain("Version two.");
  });

  it("a verdict that arrives after the reply has ended is still sent before the stream closes", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fastModel().url, RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const sent = await sendMessage(alice, MODEL_ONLY);
    const order = types(sent.events);
    expect(order.at(-1)).toBe("red-flags");
    expect(order.indexOf("done")).toBeLessThan(order.indexOf("red-flags"));
  });

  describe("fails safe: the rules' verdict stays, with one warning carrying a reason code and no text", () => {
    for (const [marker, reason] of [
      ["#model-timeout", "timeout"],
      ["#model-error", "error"],
      ["#model-garbage", "unparseable"],
    ] as const) {
      it(`${marker} → ${reason}`, async () => {
        const logLines: string[] = [];
        const t = await createApp(
          { OPENAI_BASE_URL: fastModel().url, RATE_LIMITS: "off", RED_FLAG_MODEL_TIMEOUT_MS: "300", LOG_LEVEL: "debug" },
          { logLines },
        );
        const alice = t.client();
        await signUp(alice, "alice@example.com");
        const askedBefore = fastModel().classifications.length;
        const emergency = await sendMessage(alice, `${EMERGENCY} ${marker}`);
        const calm = await sendMessage(alice, `${marker} ${CALM}`, { chatId: emergency.chatId });
        for (const sent of [emergency, calm]) {
          expect(eventOf(sent.events, "done")).toBeDefined();
          expect(eventOf(sent.events, "red-flags")).toBeUndefined();
        }
        const users = (await messageRows(t.db, emergency.chatId)).filter((row) => row.sender === "user");
        expect(users.map((row) => [row.redFlags, row.redFlagModelOutcome, row.redFlagModelCategory, row.redFlagLayer])).toEqual([
          [["cardiac"], reason, null, "rules"],
          [rules(`${marker} ${CALM}`), reason, null, rules(`${marker} ${CALM}`).length > 0 ? "rules" : null],
        ]);
        const warnings = logLines.map((line) => JSON.parse(line)).filter((line) => line.message === "model emergency check failed");
        expect(warnings).toHaveLength(2);
        expect(warnings[0]).toMatchObject({ level: "warn", reason, chatId: emergency.chatId, messageId: users[0]?.id });
        const all = logLines.join("\n");
        for (const secret of ["crushing", "chest pain", "helps against a cold"]) expect(all).not.toContain(secret);
        // No retry: one request per message.
        expect(fastModel().classifications.length - askedBefore).toBe(2);
      });
    }
  });

  it("the offline demo responder cannot classify: the rules alone decide", async () => {
    const t = await createApp({ RATE_LIMITS: "off" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const emergency = await sendMessage(alice, EMERGENCY);
    const markerOnly = await sendMessage(alice, MODEL_ONLY, { chatId: emergency.chatId });
    expect(eventOf(markerOnly.events, "red-flags")).toBeUndefined();
    const users = (await messageRows(t.db, emergency.chatId)).filter((row) => row.sender === "user");
    expect(users.map((row) => [row.redFlags, row.redFlagModelOutcome, row.redFlagLayer])).toEqual([
      [["cardiac"], null, "rules"],
      [rules(MODEL_ONLY), null, rules(MODEL_ONLY).length > 0 ? "rules" : null],
    ]);
  });
});

describe("the model's verdict is read leniently, and anything else is unparseable", () => {
  it.each([
    ['{"emergency": true, "category": "stroke"}', { outcome: "emergency", category: "stroke" }],
    ['```json\n{"emergency": false, "category": null}\n```', { outcome: "clear" }],
    ['<think>{"emergency": true}</think> {"emergency": "no"}', { outcome: "clear" }],
    ['Verdict: {"emergency": "yes", "category": "Self-Harm"}', { outcome: "emergency", category: "self-harm" }],
    ['{"emergency": true, "category": "sprained ankle"}', { outcome: "emergency", category: "other-acute" }],
    ['{"emergency": true}', { outcome: "emergency", category: "other-acute" }],
    ["Probably fine, see a doctor.", { outcome: "unparseable" }],
    ['{"emergency": maybe}', { outcome: "unparseable" }],
    ['{"category": "cardiac"}', { outcome: "unparseable" }],
    ["", { outcome: "unparseable" }],
  ])("%s", (answer, verdict) => expect(parseVerdict(answer)).toEqual(verdict));
});
