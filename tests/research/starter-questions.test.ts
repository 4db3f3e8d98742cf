import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvents, promptVersions } from "../../src/server/db/schema";
import { defaultStarterQuestions } from "../../src/server/prompts/starter-defaults";
import { signUp, signUpVerified } from "../helpers/auth";
import { describeEachDatabase } from "../helpers/test-app";

const OPERATOR = "lead@university.example";
const DE = "/api/operator/prompts/starter-questions-de";

describeEachDatabase("starter questions", ({ createApp }) => {
  const setup = async () => {
    const t = await createApp({ OPERATOR_EMAILS: OPERATOR });
    const operator = t.client();
    await signUpVerified(t, operator, OPERATOR);
    return { t, operator };
  };

  it("are seeded as prompts, four per language, and answered to anyone", async () => {
    const { t, operator } = await setup();
    const answer = await t.client().get("/api/starter-questions");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(defaultStarterQuestions);
    expect(defaultStarterQuestions.en).toHaveLength(4);
    expect(defaultStarterQuestions.de).toHaveLength(4);
    const prompts = (await operator.get("/api/operator/prompts")).json as { id: string; prompt: string; version: number }[];
    expect(prompts.find((p) => p.id === "starter-questions-de")).toMatchObject({
      version: 1,
      prompt: defaultStarterQuestions.de.join("\n"),
    });
    const seeded = await t.db.select().from(promptVersions).where(eq(promptVersions.promptId, "starter-questions-en"));
    expect(seeded.map((row) => [row.version, row.changedBy])).toEqual([[1, "default"]]);
  });

  it("are changed by an operator one per line, as a new audited version, and refused when not 1–6 lines of ≤ 120 characters", async () => {
    const { t, operator } = await setup();
    const saved = await operator.put(DE, { prompt: "  Was hilft bei Sodbrennen?\n\n Wie oft sollte ich Blutdruck messen?  \n" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 2, prompt: "Was hilft bei Sodbrennen?\nWie oft sollte ich Blutdruck messen?" });
    expect((await t.client().get("/api/starter-questions")).json).toEqual({
      en: defaultStarterQuestions.en,
      de: ["Was hilft bei Sodbrennen?", "Wie oft sollte ich Blutdruck messen?"],
    });
    const versions = (await operator.get(`${DE}/versions`)).json as { version: number; changedBy: string }[];
    expect(versions.map((v) => [v.version, v.changedBy])).toEqual([
      [2, OPERATOR],
      [1, "default"],
    ]);
    const [audited] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "prompt-changed"));
    expect(audited).toMatchObject({ actorLabel: OPERATOR, details: { prompt: "starter-questions-de", version: 2 } });

    for (const prompt of ["Eine?\n".repeat(7), `${"x".repeat(121)}\nKurz?`, " \n \n "]) {
      const refused = await operator.put(DE, { prompt });
      expect(refused.status, JSON.stringify(prompt)).toBe(400);
      expect(refused.body.code).toBe("bad-request");
    }
    expect((await operator.put(DE, { prompt: "x".repeat(120) })).status).toBe(200);
    // Other prompts keep their own rules: a system prompt may have long lines.
    expect((await operator.put("/api/operator/prompts/system", { prompt: "y".repeat(300) })).status).toBe(200);
    expect((await t.db.select().from(auditEvents).where(eq(auditEvents.action, "prompt-changed"))).length).toBe(3);

    const user = t.client();
    await signUp(user, "alice@example.com");
    expect((await user.put(DE, { prompt: "Hallo?" })).status).toBe(404);
  });
});
