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
