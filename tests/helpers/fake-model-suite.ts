import { afterAll, beforeAll } from "vitest";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";

/** One fake model for the whole test file: started before its tests, closed after; call the result to reach it. */
export function fakeModelForFile(options: Parameters<typeof startFakeModel>[0] = {}): () => FakeModelServer {
  let server: FakeModelServer | undefined;
  beforeAll(async () => {
    server = await startFakeModel(options);
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error("the fake model is not running (use it inside a test)");
    return server;
  };
}
