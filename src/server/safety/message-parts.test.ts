import { describe, expect, it } from "vitest";
import { MAX_PARTS, MAX_TRIPLES_LENGTH, messageParts, messageSpans } from "./message-parts";

describe("messageParts", () => {
  it("cuts at sentence ends, line breaks, dashes, emoji and changes of subject", () => {
    expect(
      messageParts(
        "Quick one about my pills. Oh and since lunch my chest is crushing – left arm numb 😰 can I renew online?\nthanks btw the app is great",
      ),
    ).toEqual([
      "Quick one about my pills.",
      "Oh and since lunch my chest is crushing –",
      "left arm numb 😰",
      "can I renew online? thanks",
      "btw the app is great",
    ]);
    expect(messageParts("Frage zum Rezept. übrigens hab ich seit einer Stunde Brustschmerzen, ach ja und Atemnot")).toEqual([
      "Frage zum Rezept.",
      "übrigens hab ich seit einer Stunde Brustschmerzen,",
      "ach ja und Atemnot",
    ]);
  });

  it("starts a new part where a sentence without a full stop runs into the next one", () => {
    expect(messageParts("cant feel my right side suddenly Hi, I got a fitness watch and it says 52")).toEqual([
      "cant feel my right side suddenly",
      "Hi, I got a fitness watch and it says 52",
    ]);
    expect(messageParts("brust drückt wie sau linker arm taub Ich habe noch eine Frage zum Rezept")).toEqual([
      "brust drückt wie sau linker arm taub",
      "Ich habe noch eine Frage zum Rezept",
    ]);
    expect(messageParts("HILFE MEIN MANN KANN NICHT SPRECHEN Die Kita sagt, sie darf kommen")).toEqual([
      "HILFE MEIN MANN KANN NICHT SPRECHEN",
      "Die Kita sagt, sie darf kommen",
    ]);
    expect(messageParts("pills are lined up on the table I'm training for a half marathon")).toEqual([
      "pills are lined up on the table",
      "I'm training for a half marathon",
    ]);
  });

  it("does not cut before nouns, names or an I that goes on the sentence", () => {
    expect(messageParts("ich habe seit Montag starke Kopfschmerzen und Fieber")).toEqual([]);
    expect(messageParts("Last year in 2023 I have anaphylaxis from shrimp, now I am ok")).toEqual([]);
    expect(messageParts("my chest hurts and I feel sick when I walk")).toEqual([]);
    expect(messageParts("we saw Dr Miller about the rash Monday")).toEqual([]);
    expect(messageParts("Nachher gehen wir ins Krankenhaus Nachsorge")).toEqual([]);
  });

  it("keeps decimals and one-word pieces together with their neighbours", () => {
    expect(messageParts("temp 38.5 now. Help! He is 3 months old")).toEqual(["temp 38.5 now. Help!", "He is 3 months old"]);
  });

  it("ends a sentence at runs of marks such as ?? or !?! and finishes on any run", () => {
    expect(messageParts("how hard do I press?? he is not breathing!?! please help...")).toEqual([
      "how hard do I press??",
      "he is not breathing!?!",
      "please help...",
    ]);
    expect(messageParts(`a b${"?!.".repeat(5000)}`)).toEqual([]);
  });

  it("gives no parts for a one-part message, and at most MAX_PARTS for a long one", () => {
    expect(messageParts("my chest hurts")).toEqual([]);
    expect(messageParts("It hurts here. ".repeat(500)).length).toBeLessThanOrEqual(MAX_PARTS);
  });

  it("runs each part with the next one and the next two, the latter only up to MAX_TRIPLES_LENGTH", () => {
    expect(messageSpans("One two. Three four. Five six. Seven eight.")).toEqual({
      parts: ["One two.", "Three four.", "Five six.", "Seven eight."],
      pairs: ["One two. Three four.", "Three four. Five six.", "Five six. Seven eight."],
      triples: ["One two. Three four. Five six.", "Three four. Five six. Seven eight."],
    });
    expect(messageSpans("It hurts here. ".repeat(MAX_TRIPLES_LENGTH / 10)).triples).toEqual([]);
  });
});
