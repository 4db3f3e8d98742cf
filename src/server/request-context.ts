import { AsyncLocalStorage } from "node:async_hooks";

/** The id of the request being served, so every log line written while serving it carries that id. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();
