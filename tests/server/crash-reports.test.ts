import { EventEmitter } from "node:events";
import { expect, it } from "vitest";
import { reportCrashes } from "../../src/server/crash-reports";
import { createLogger } from "../../src/server/logger";

const healthText = "my chest hurts since this morning";

it.each(["uncaughtException", "unhandledRejection"] as const)("%s: logged without the error's message, then the process stops", (event) => {
  const source = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  reportCrashes(
    source,
    createLogger("info", (line) => lines.push(line)),
    (code) => exits.push(code),
  );

  const error = new TypeError(`could not save "${healthText}"`);
  source.emit(event, error);

  expect(exits).toEqual([1]);
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0] ?? "{}");
  expect(line).toMatchObject({ level: "error", error: { name: "TypeError" } });
  expect(line.error.frames.length).toBeGreaterThan(0);
  expect(lines[0]).not.toContain(healthText);
});

it("a rejection with a bare string is reported by its type only", () => {
  const source = new EventEmitter();
  const lines: string[] = [];
  reportCrashes(
    source,
    createLogger("info", (line) => lines.push(line)),
    () => {},
  );
  source.emit("unhandledRejection", healthText);
  expect(JSON.parse(lines[0] ?? "{}").error).toEqual({ name: "string" });
});
