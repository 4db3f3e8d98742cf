import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorFields } from "./log-safe-error";
import { createLogger } from "./logger";

const SECRET = "chest pain since Tuesday, alice@example.com";

/** pg's error: the generic name "error", a SQLSTATE, and a detail that quotes the refused row. */
class DatabaseError extends Error {
  override name = "error";
  code = "23502";
  detail = `Failing row contains (${SECRET}).`;
}

describe("errorFields", () => {
  it("keeps Drizzle's class, the driver's code and the frames, not the query's parameters", () => {
    const error = new DrizzleQueryError("insert into messages values ($1)", [SECRET], new DatabaseError("null value"));
    const fields = errorFields(error);
    expect(fields).toMatchObject({ name: "DrizzleQueryError", causeCode: "23502" });
    expect(fields.frames?.[0]).toMatch(/^at .+:\d+:\d+\)?$/);
    expect(JSON.stringify(fields)).not.toContain("chest pain");
  });

  it("keeps an error's own code, and finds a code further down the cause chain", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    expect(errorFields(refused)).toMatchObject({ name: "Error", code: "ECONNREFUSED" });
    const wrapped = new Error("outer", { cause: new Error("middle", { cause: new DatabaseError("inner") }) });
    expect(errorFields(wrapped).causeCode).toBe("23502");
  });

  it("leaves out message lines that look like frames", () => {
    const error = new TypeError(`${SECRET}\n    at evil (/home/alice/chest-pain.txt:1:1)`);
    const fields = errorFields(error);
    expect(fields.name).toBe("TypeError");
    expect(fields.frames?.length).toBeGreaterThan(0);
    expect(JSON.stringify(fields)).not.toContain("chest-pain");
  });

  it("drops the frames when the stack no longer starts with the message (it changed after the stack was read)", () => {
    const error = new Error(`first\n    at evil (/${SECRET.replaceAll(" ", "-")}:1:1)`);
    void error.stack;
    error.message = "second";
    expect(errorFields(error)).toEqual({ name: "Error" });
  });

  it("names a thrown value that is no error by its type, and ignores free text in name and code", () => {
    expect(errorFields(SECRET)).toEqual({ name: "string" });
    expect(errorFields(undefined)).toEqual({ name: "undefined" });
    expect(errorFields({ name: SECRET, code: SECRET, message: SECRET })).toEqual({ name: "Error" });
  });
});

describe("the logger", () => {
  it("logs an Error passed as a field by its name and codes only", () => {
    const lines: string[] = [];
    const logger = createLogger("debug", (line) => lines.push(line));
    logger.error("write failed", { chatId: "c1", failure: new DrizzleQueryError("insert", [SECRET], new DatabaseError("x")) });
    const [line] = lines.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(line).toMatchObject({ chatId: "c1", failure: { name: "DrizzleQueryError", causeCode: "23502" } });
    expect(lines.join("\n")).not.toContain("chest pain");
  });
});
