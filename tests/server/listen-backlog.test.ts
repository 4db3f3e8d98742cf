import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { startServerProcess } from "../helpers/server-process";
import { waitFor } from "../helpers/wait";

// Node's default listen backlog (511) lets a burst of new connections overflow while the event loop is busy; the
// kernel then drops their SYNs and clients wait 1, 3, 7… s to retry (or are reset), as in the 2,000-stream bench.
// The queue is capped by net.core.somaxconn (4096 by default since Linux 5.4).
describe("the server's listen queue", () => {
  it("holds a burst of 800 new connections while the server cannot accept (none dropped, all answered)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "health-chat-backlog-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess({ dataDir });
    onTestFinished(() => server.kill9());
    const { port } = new URL(server.origin);
    // A stopped process accepts nothing: every connection waits in the kernel's queue, or is dropped past its end.
    server.child.kill("SIGSTOP");
    onTestFinished(() => {
      server.child.kill("SIGCONT");
    });
    const sockets: Socket[] = [];
    onTestFinished(() => {
      for (const socket of sockets) socket.destroy();
    });
    let connected = 0;
    let answered = 0;
    for (let i = 0; i < 800; i++) {
      const socket = connect(Number(port), "127.0.0.1", () => {
        connected += 1;
        socket.write("GET /api/site-config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
      });
      // A route that reads nothing: what is measured is that the connection was accepted and served, not a
      // database check that a loaded CI machine could time out (/api/health answers 503 then).
      socket.once("data", (chunk) => {
        if (chunk.toString("latin1").startsWith("HTTP/1.1 200")) answered += 1;
      });
      socket.on("error", () => {});
      sockets.push(socket);
    }
    // The handshake is the kernel's work alone: a connection in the queue is connected for the client at once.
    await waitFor("every handshake", () => connected === 800, { timeoutMs: 10_000 });
    server.child.kill("SIGCONT");
    await waitFor("every answer", () => answered === 800, { timeoutMs: 60_000 });
    expect({ connected, answered }).toEqual({ connected: 800, answered: 800 });
  }, 120_000);
});
