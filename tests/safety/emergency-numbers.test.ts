import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrompt, seedDefaultPrompts, setPrompt } from "../../src/server/db/queries/prompts";
import { promptVersions, startingPrompts } from "../../src/server/db/schema";
import { loadEnv } from "../../src/server/env";
import { defaultPrompts } from "../../src/server/prompts/defaults";
import { promptCacheOf } from "../../src/server/prompts/prompt-cache";
import { emergencyNumbersFromEnv, emergencyRegions, fillEmergencyPlaceholders } from "../../src/server/safety/emergency-numbers";
import type { SiteConfig } from "../../src/shared/schemas/site-config";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { createTestApp } from "../helpers/test-app";

const numbersFor = (vars: Record<string, string>) => emergencyNumbersFromEnv(loadEnv(vars));

describe("the emergency numbers come from EMERGENCY_REGION", () => {
  it("defaults to Germany: 112 and TelefonSeelsorge", () => {
    expect(numbersFor({})).toEqual({
      region: "DE",
      number: "112",
      crisisLine: { name: "TelefonSeelsorge", number: "0800 111 0 111" },
    });
  });

  it.each([
    ["AT", "112", "142", "Telefonseelsorge"],
    ["CH", "144", "143", "Die Dargebotene Hand"],
    ["GB", "999", "116 123", "Samaritans"],
    ["IE", "112", "116 123", "Samaritans"],
    ["US", "911", "988", "988 Suicide & Crisis Lifeline"],
  ])("%s: emergency %s, crisis line %s (%s)", (region, number, line, name) => {
    expect(numbersFor({ EMERGENCY_REGION: region })).toEqual({ region, number, crisisLine: { name, number: line } });
  });

  it("takes the code in any case and with spaces", () => {
    expect(numbersFor({ EMERGENCY_REGION: " us " }).number).toBe("911");
  });

  it("gives any other code the EU's 112 and no crisis line", () => {
    for (const region of ["FR", "EU", "NL"])
      expect(numbersFor({ EMERGENCY_REGION: region })).toEqual({ region, number: "112", crisisLine: null });
    // Not a property of every object either.
    expect(emergencyRegions).not.toHaveProperty("TO");
  });

  it("refuses what is not a two-letter code", () => {
    expect(() => loadEnv({ EMERGENCY_REGION: "USA" })).toThrow(/EMERGENCY_REGION: .*two-letter country code/);
    expect(() => loadEnv({ EMERGENCY_REGION: "en-US" })).toThrow(/EMERGENCY_REGION/);
  });

  it("lets each number and the name be overridden on their own", () => {
    expect(numbersFor({ EMERGENCY_REGION: "US", EMERGENCY_NUMBER: "112" })).toMatchObject({ number: "112", crisisLine: { number: "988" } });
    expect(numbersFor({ CRISIS_LINE_NAME: "Telefonseelsorge Berlin" }).crisisLine).toEqual({
      name: "Telefonseelsorge Berlin",
      number: "0800 111 0 111",
    });
    // A new number without a name does not keep the old line's name.
    expect(numbersFor({ CRISIS_LINE: "116 123" }).crisisLine).toEqual({ name: "", number: "116 123" });
    expect(numbersFor({ EMERGENCY_REGION: "FR", CRISIS_LINE: "3114", CRISIS_LINE_NAME: "3114" }).crisisLine).toEqual({
      name: "3114",
      number: "3114",
    });
    expect(() => loadEnv({ EMERGENCY_NUMBER: "call 112" })).toThrow(/EMERGENCY_NUMBER must be a phone number/);
    expect(() => loadEnv({ EMERGENCY_REGION: "FR", CRISIS_LINE_NAME: "SOS" })).toThrow(/CRISIS_LINE_NAME: .*set CRISIS_LINE/);
  });

  it.each(["EMERGENCY_NUMBER_US", "CRISIS_LINE_DE", "CRISIS_LINE_EN", "CRISIS_LINE_US"])(
    "stops a start with the retired %s, naming the settings that replace it",
    (name) => {
      expect(() => loadEnv({ [name]: "988" })).toThrow(new RegExp(`${name}: no longer read; .*EMERGENCY_REGION`));
    },
  );
});

describe("the system prompt names the deployment's numbers", () => {
  it("has placeholders in the seeded prompt, and no numbers of its own", () => {
    expect(defaultPrompts.system).toContain("{{emergencyNumber}}");
    expect(defaultPrompts.system).toContain("{{crisisLine}}");
    expect(defaultPrompts.system).not.toMatch(/\b(112|911|988)\b|0800/);
  });

  it("fills them with the region's numbers", () => {
    const de = fillEmergencyPlaceholders(defaultPrompts.system, numbersFor({}));
    expect(de).toContain("call the emergency number now (112)");
    expect(de).toContain("contact the crisis line TelefonSeelsorge 0800 111 0 111 or the emergency number (112)");
    expect(de).not.toMatch(/\{\{|911|988/);
    const us = fillEmergencyPlaceholders(defaultPrompts.system, numbersFor({ EMERGENCY_REGION: "US" }));
    expect(us).toContain("(911)");
    expect(us).toContain("the crisis line 988 Suicide & Crisis Lifeline or");
    expect(us).not.toMatch(/\b112\b|TelefonSeelsorge/);
    const fr = fillEmergencyPlaceholders(defaultPrompts.system, numbersFor({ EMERGENCY_REGION: "FR" }));
    expect(fr).toContain("contact a crisis line in their country or the emergency number (112)");
  });

  it("leaves a prompt without placeholders as it is", () => {
    const stored = "Be kind. In an emergency, call 112.";
    expect(fillEmergencyPlaceholders(stored, numbersFor({ EMERGENCY_REGION: "US" }))).toBe(stored);
  });
});

describe("the server sends the same numbers to the browser and the model", () => {
  let fake: FakeModelServer;
  beforeAll(async () => {
    fake = await startFakeModel({ tokenDelayMs: 0 });
  });
  afterAll(() => fake.close());

  // The reply's request (the title's has no system message).
  const systemPromptSent = () =>
    fake.requests.flatMap((request) => request.messages.filter((m) => m.role === "system").map((m) => m.content))[0] ?? "";

  it("with EMERGENCY_REGION=US: 911 and 988 in the site config and the prompt", async () => {
    const t = await createTestApp({ OPENAI_BASE_URL: fake.url, EMERGENCY_REGION: "US" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const site = (await alice.get("/api/site-config")).json as SiteConfig;
    expect(site.emergency).toEqual({ region: "US", number: "911", crisisLine: { name: "988 Suicide & Crisis Lifeline", number: "988" } });
    fake.requests.length = 0;
    await sendMessage(alice, "How much water should I drink?");
    expect(systemPromptSent()).toContain("call the emergency number now (911)");
    expect(systemPromptSent()).not.toContain("{{");
  });

  it("by default: 112 and TelefonSeelsorge, also in an operator's prompt with the placeholders", async () => {
    const t = await createTestApp({ OPENAI_BASE_URL: fake.url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    const site = (await alice.get("/api/site-config")).json as SiteConfig;
    expect(site.emergency.number).toBe("112");
    await setPrompt({
      db: t.db,
      id: "system",
      prompt: "Operator prompt. Emergency: {{emergencyNumber}}; {{crisisLine}}.",
      changedBy: "test",
    });
    promptCacheOf(t.db)?.forget();
    fake.requests.length = 0;
    await sendMessage(alice, "How much water should I drink?");
    expect(systemPromptSent()).toMatch(/^Operator prompt\. Emergency: 112; the crisis line TelefonSeelsorge 0800 111 0 111\./);
  });
});

describe("a system prompt seeded before the placeholders", () => {
  const oldDefault = defaultPrompts.system.replace("({{emergencyNumber}}) before", "(112 in Europe, 911 in the US) before");

  it("follows today's default at the next start while nobody has edited it, and keeps an operator's text", async () => {
    const t = await createTestApp();
    await t.db.update(startingPrompts).set({ prompt: oldDefault }).where(eq(startingPrompts.id, "system"));
    await t.db.update(promptVersions).set({ prompt: oldDefault }).where(eq(promptVersions.promptId, "system"));
    await seedDefaultPrompts({ db: t.db });
    const upgraded = await getPrompt({ db: t.db, id: "system" });
    expect(upgraded).toMatchObject({ prompt: defaultPrompts.system, version: 2 });

    await setPrompt({
      db: t.db,
      id: "system",
      prompt: "An operator's prompt (112 in Europe, 911 in the US).",
      changedBy: "op@example.com",
    });
    await seedDefaultPrompts({ db: t.db });
    expect(await getPrompt({ db: t.db, id: "system" })).toMatchObject({
      prompt: "An operator's prompt (112 in Europe, 911 in the US).",
      version: 3,
    });
  });
});
