import { describe, expect, it } from "vitest";
import { databaseUnavailableReason, isDatabaseUnavailable } from "./availability";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"), "ECONNREFUSED"],
    ["a reset connection", withCode("ECONNRESET"), "ECONNRESET"],
    ["an admin shutdown (57P01)", withCode("57P01", "terminating connection due to administrator command"), "57P01"],
    ["a server starting or stopping (57P03)", withCode("57P03", "the database system is shutting down"), "57P03"],
    ["a connection exception (08006)", withCode("08006"), "08006"],
    ["pg's cut connection", new Error("Connection terminated unexpectedly"), "Connection terminated unexpectedly"],
    [
      "pg's connect timeout",
      new Error("Connection terminated due to connection timeout"),
      "Connection terminated due to connection timeout",
    ],
    ["pg-pool's connect timeout", new Error("timeout exceeded when trying to connect"), "timeout exceeded when trying to connect"],
    [
      "Node's AggregateError of refused addresses",
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]),
      "ECONNREFUSED",
    ],
  ])("recognises %s", (_, error, reason) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(databaseUnavailableReason(error)).toBe(reason);
  });

  it("looks through the errors that wrap it (Drizzle's query error, better-auth's APIError)", () => {
    const driver = withCode("ECONNREFUSED");
    const drizzle = new Error("Failed query: select * from sessions where token = $1\nparams: secret-token", { cause: driver });
    const betterAuth = Object.assign(new Error("Failed to get session"), { status: "INTERNAL_SERVER_ERROR", cause: drizzle });
    expect(databaseUnavailableReason(betterAuth)).toBe("ECONNREFUSED");
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["a non-error", "boom"],
    ["nothing", undefined],
  ])("does not treat %s as an outage", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("does not loop on a cause cycle", () => {
    const a: Error & { cause?: unknown } = new Error("a");
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
