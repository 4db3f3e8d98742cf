import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "./download";

describe("filenameFromDisposition", () => {
  it("reads the quoted name the export route sends", () => {
    expect(filenameFromDisposition('attachment; filename="health-chat-chats-2026-03-10-to-2026-03-16.csv"')).toBe(
      "health-chat-chats-2026-03-10-to-2026-03-16.csv",
    );
  });

  it("prefers the UTF-8 name and reads unquoted ones", () => {
    expect(filenameFromDisposition("attachment; filename=plain.csv; filename*=UTF-8''gr%C3%BC%C3%9Fe.csv")).toBe("grüße.csv");
    expect(filenameFromDisposition("attachment; filename=plain.csv")).toBe("plain.csv");
  });

  it("never returns a path, and null without a name", () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
