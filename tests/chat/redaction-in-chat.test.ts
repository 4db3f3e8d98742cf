import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

const message = "Ich bin Anna, anna@example.de, 0171 1234567, Hauptstraße 12. Seit gestern 38,5 °C Fieber, 400 mg Ibuprofen.";

describeEachDatabase("data minimisation towards the model provider", ({ createApp }) => {
  it("sends placeholders to the provider but keeps the user's own text in their chat", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    expect((await alice.get("/api/site-config")).body.redactsPersonalData).toBe(true);
    fake.requests.length = 0;
    const sent = await sendMessage(alice, message, { language: "de" });
    const sentToModel = JSON.stringify(fake.requests);
    expect(sentToModel).not.toContain("anna@example.de");
    expect(sentToModel).not.toContain("0171 1234567");
    expect(sentToModel).not.toContain("Hauptstraße 12");
    expect(sentToModel).toContain("[EMAIL], [PHONE], [ADDRESS]. Seit gestern 38,5 °C Fieber, 400 mg Ibuprofen.");
    const chat = await alice.get(`/api/chats/${sent.chatId}`);
    expect((chat.json as { messages: { text: string }[] }).messages[0]?.text).toBe(message);
  });

  it.each([
    {
      language: "de" as const,
      text: "Geb. 12.03.1985, wohne am markt 7, 10115 Berlin, anna(at)example.de, Steuer-ID 86095742719, Fallnummer 2024/12345. Blutdruck 140/90, Station 5, Zimmer 12.",
      personal: ["12.03.1985", "am markt 7", "10115 Berlin", "anna(at)example.de", "86095742719", "2024/12345"],
      expected:
        "Geb. [DATE_OF_BIRTH], wohne [ADDRESS], [ADDRESS], [EMAIL], Steuer-ID [TAX_ID], Fallnummer [PATIENT_ID]. Blutdruck 140/90, Station 5, Zimmer 12.",
    },
    {
      language: "en" as const,
      text: "DOB: 1985-03-12, 12 baker street, name at domain dot com, SSN 123-45-6789, patient ID: AB-1234. I take 2 tablets at 8, BMI 24.5.",
      personal: ["1985-03-12", "12 baker street", "name at domain dot com", "123-45-6789", "AB-1234"],
      expected: "DOB: [DATE_OF_BIRTH], [ADDRESS], [EMAIL], SSN [SSN], patient ID: [PATIENT_ID]. I take 2 tablets at 8, BMI 24.5.",
    },
  ])(
    "($language) also replaces postcodes, dates of birth, written-out e-mails, SSN, Steuer-ID and patient numbers",
    async ({ language, text, personal, expected }) => {
      const t = await createApp({ OPENAI_BASE_URL: fake.url });
      const alice = t.client();
      await signUp(alice, "alice@example.com");
      fake.requests.length = 0;
      const sent = await sendMessage(alice, text, { language });
      const sentToModel = JSON.stringify(fake.requests);
      for (const value of personal) expect(sentToModel).not.toContain(value);
      expect(sentToModel).toContain(expected);
      const chat = await alice.get(`/api/chats/${sent.chatId}`);
      expect((chat.json as { messages: { text: string }[] }).messages[0]?.text).toBe(text);
    },
  );

  it("REDACT_PERSONAL_DATA=false sends the text as written", async () => {
    const t = await createApp({ OPENAI_BASE_URL: fake.url, REDACT_PERSONAL_DATA: "false" });
    const alice = t.client();
    await signUp(alice, "alice@example.com");
    // The privacy page then says that the conversation goes out as written.
    expect((await alice.get("/api/site-config")).body.redactsPersonalData).toBe(false);
    fake.requests.length = 0;
    await sendMessage(alice, message, { language: "de" });
    expect(JSON.stringify(fake.requests)).toContain("anna@example.de");
  });
});
