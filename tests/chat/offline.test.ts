import { expect, it } from "vitest";
import { signUp } from "../helpers/auth";
import { eventOf, sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

describeEachDatabase("demo mode without a model", ({ createApp }) => {
  it("answers with a clear notice in the user's language and says so in the site config", async () => {
    const t = await createApp();
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await alice.get("/api/site-config")).body.demoMode).toBe(true);

    const english = await sendMessage(alice, "I have a sore throat");
    expect(english.replyText).toContain("No language model is configured");
    expect(eventOf(english.events, "done")?.message.text).toBe(english.replyText);

    const german = await sendMessage(alice, "Ich habe Halsschmerzen", { language: "de" });
    expect(german.replyText).toContain("kein Sprachmodell eingerichtet");
  });

  it("reports demoMode false once a model is configured", async () => {
    const t = await createApp({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    expect((await t.client().get("/api/site-config")).body.demoMode).toBe(false);
  });
});
