import { errorFields } from "./log-safe-error";
import type { Logger } from "./logger";

interface CrashSource {
  on(event: "uncaughtException" | "unhandledRejection", listener: (error: unknown) => void): unknown;
}

/**
 * An error nothing caught still ends the process, as Node would (its state is unknown; the supervisor restarts it),
 * but it is reported through the log by name, code and stack frames only. Node's own report would print the
 * error's message to stderr, and a message can quote a user's text or a query's parameters.
 */
export function reportCrashes(source: CrashSource, logger: Pick<Logger, "error">, exit: (code: number) => void): void {
  source.on("uncaughtException", (error) => {
    logger.error("uncaught exception; the server stops", { error: errorFields(error) });
    exit(1);
  });
  source.on("unhandledRejection", (reason) => {
    logger.error("unhandled promise rejection; the server stops", { error: errorFields(reason) });
    exit(1);
  });
}
