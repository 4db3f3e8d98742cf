import { describe, expect, it } from "vitest";
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

describe("research dashboard translations", () => {
  const english = flatten(operatorEn);
  const german = flatten(operatorDe as Tree);

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
