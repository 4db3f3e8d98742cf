import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { requestContext } from "./request-context";

describe("the logger", () => {
  it("gives each line of a request the request's id and only its own fields", () => {
    const lines: string[] = [];
    const logger = createLogger("info", (line) => lines.push(line));
    requestContext.run({ requestId: "request-1" }, () => {
      logger.info("first", { messageId: "m1", outcome: "clear" });
      logger.info("second", { chatId: "c1" });
      logger.info("third");
    });
    logger.info("outside");
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const fields = parsed.map(({ time: _time, ...rest }) => rest);
    expect(fields).toEqual([
      { level: "info", message: "first", requestId: "request-1", messageId: "m1", outcome: "clear" },
      { level: "info", message: "second", requestId: "request-1", chatId: "c1" },
      { level: "info", message: "third", requestId: "request-1" },
      { level: "info", message: "outside" },
    ]);
  });
});
