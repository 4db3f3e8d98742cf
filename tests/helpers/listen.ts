import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { TestApp } from "./test-app";

/** The app on a real loopback HTTP port (ephemeral), for tests that need real connections to open and close. */
export async function listenOnLoopback(t: TestApp) {
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
