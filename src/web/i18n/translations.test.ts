import { describe, expect, it } from "vitest";
import { authErrorCodes } from "../../shared/errors";
import { de } from "./de";
import { en } from "./en";
import { operatorDe } from "./operator-de";
import { operatorEn } from "./operator-en";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

// The dashboard's texts are their own bundle (loaded with its page); both bundles need the same checks.
describe.each([
  { bundle: "app", english: flatten(en), german: flatten(de as Tree) },
  { bundle: "research dashboard", english: flatten(operatorEn), german: flatten(operatorDe as Tree) },
])("$bundle translations", ({ english, german }) => {
  it("German has every English key and no other", () => {
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
  });

  it("no text is empty and placeholders match", () => {
    for (const [key, text] of Object.entries(english)) {
      expect(text.trim(), key).not.toBe("");
      const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(german[key] ?? ""), key).toEqual(placeholders(text));
    }
  });
});

describe("app translations: the spec's catalogue", () => {
  const english = flatten(en);

  it("every auth error code of the catalogue has a message", () => {
    for (const code of authErrorCodes) expect(english[`authErrors.${code}`], code).toBeTruthy();
  });

  it("keeps the spec's English texts", () => {
    expect(english["authErrors.invalid-credential"]).toBe("Invalid E-Mail/Password.");
    expect(english["validation.acceptPrivacy"]).toBe("Please accept the Datenschutzerklärung to proceed.");
    expect(english["account.recentLoginRequired"]).toBe("You need to log in again to delete your account.");
  });
});

describe("German as a native writer would put it (issue 23)", () => {
  const german = flatten(de);
  const english = flatten(en);

  it("says plainly that the address or password is wrong", () => {
    expect(german["authErrors.invalid-credential"]).toBe("E-Mail-Adresse oder Passwort ist falsch.");
  });

  it("reads the consent line as one sentence around the link", () => {
    const sentence = `${german["auth.acceptPrivacyBefore"]} ${german["auth.acceptPrivacyLink"]}${german["auth.acceptPrivacyAfter"]}`;
    expect(sentence).toBe("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.");
    expect(`${english["auth.acceptPrivacyBefore"]} ${english["auth.acceptPrivacyLink"]}${english["auth.acceptPrivacyAfter"]}`).toBe(
      "I have read and accept the privacy notice.",
    );
  });

  it("lists password rules that all fit their heading, and avoids literal translations", () => {
    expect(german["auth.rulesTitle"]).toBe("Anforderungen an Ihr Passwort:");
    expect(german["auth.ruleNotCommon"]).toBe("kein häufig verwendetes Passwort");
    expect(german["account.dangerZone"]).not.toBe("Gefahrenbereich");
    expect(german["privacy.storedChats"]).not.toContain("und, für die Forschung, gezählt");
  });
});
