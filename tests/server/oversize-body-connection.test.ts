import { connect, type Socket } from "node:net";
import { expect, it } from "vitest";
import { DRAIN_MAX_BYTES } from "../../src/server/http/body-limit";
import { GOOD_PASSWORD, signUp } from "../helpers/auth";
import { listenOnLoopback } from "../helpers/listen";
import { describeEachDatabase, TEST_ORIGIN } from "../helpers/test-app";

/**
 * Issue 11, item 7: a 413 answered before the body has arrived must not break the connection. Either the rest
 * of the body is read and the connection serves the next request (behind nginx's upstream keep-alive, another
 * user's), or the answer says `Connection: close` and the server closes it cleanly.
 */

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** One keep-alive HTTP/1.1 connection driven by hand: what is written is exactly what the server gets. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let buffer = Buffer.alloc(0);
  let wake: () => void = () => {};
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  const closed = new Promise<"end" | Error>((resolve) => {
    socket.once("end", () => resolve("end"));
    socket.once("error", (error) => resolve(error));
  });
  const waitForData = () => Promise.race([new Promise<void>((resolve) => (wake = resolve)), closed.then(() => undefined)]);

  /** The next whole response (our API answers carry Content-Length); throws when the connection ends first. */
  async function nextResponse(): Promise<RawResponse> {
    for (;;) {
      const headerEnd = buffer.indexOf("\r\n\r\n");
      if (headerEnd >= 0) {
        const [statusLine = "", ...lines] = buffer.subarray(0, headerEnd).toString("latin1").split("\r\n");
        const headers = new Map(
          lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
        );
        const length = Number(headers.get("content-length"));
        if (!Number.isInteger(length)) throw new Error(`no content-length in: ${statusLine} ${[...headers.keys()].join(", ")}`);
        if (buffer.length >= headerEnd + 4 + length) {
          const body = buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8");
          buffer = buffer.subarray(headerEnd + 4 + length);
          return { status: Number(statusLine.split(" ")[1]), headers, body };
        }
      }
      if (socket.readableEnded || socket.destroyed)
        throw new Error(`the connection ended before a whole response; received: ${buffer.toString("latin1").slice(0, 300)}`);
      await waitForData();
    }
  }

  const write = (data: string | Buffer) =>
    new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
  return { socket, write, nextResponse, closed };
}

const postHead = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\n` +
  `Connection: keep-alive\r\nContent-Length: ${length}\r\n\r\n`;

function signInRequest(email: string) {
  const body = JSON.stringify({ email, password: GOOD_PASSWORD });
  return postHead("/api/auth/sign-in/email", Buffer.byteLength(body)) + body;
}

describeEachDatabase("an oversized body never breaks its connection for the next request", ({ createApp }) => {
  it("reads the rest of the body, answers 413 keep-alive, and the same connection serves another user's POST", async () => {
    const t = await createApp({ MAX_BODY_BYTES: "1024" });
    await signUp(t.client(), "bob@example.com");
    const http = await listenOnLoopback(t);
    try {
      const connection = rawConnection(http.port);
      // Far more than Node buffers by itself for a request nobody reads (~250 KB), still within what is drained.
      const size = 600_000;
      expect(size).toBeLessThan(DRAIN_MAX_BYTES);
      await connection.write(postHead("/api/chats/messages", size) + "x".repeat(size));
      const refused = await connection.nextResponse();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ code: "payload-too-large" });
      expect(refused.headers.get("connection")).toBe("keep-alive");

      await connection.write(signInRequest("bob@example.com"));
      const next = await connection.nextResponse();
      expect(next.status, next.body).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ user: { email: "bob@example.com" } });
      connection.socket.destroy();
    } finally {
      await http.close();
    }
  });

  it("a body larger than it drains is answered at once with Connection: close, and the connection ends cleanly", async () => {
    const t = await createApp({ MAX_BODY_BYTES: "1024" });
    const http = await listenOnLoopback(t);
    try {
      const connection = rawConnection(http.port);
      // Declares 5 MB and sends 16 KB of it: the answer must not wait for the rest.
      await connection.write(postHead("/api/chats/messages", 5_000_000) + "x".repeat(16 * 1024));
      const refused = await connection.nextResponse();
      expect(refused.status).toBe(413);
      expect(refused.headers.get("connection")).toBe("close");
      expect(await connection.closed).toBe("end");
    } finally {
      await http.close();
    }
  });

  it("a body that stops arriving is answered 413 with Connection: close once the drain time has passed", async () => {
    const t = await createApp({ MAX_BODY_BYTES: "1024" });
    const http = await listenOnLoopback(t);
    try {
      const connection = rawConnection(http.port);
      await connection.write(postHead("/api/chats/messages", 100_000) + "x".repeat(10_000));
      const refused = await connection.nextResponse();
      expect(refused.status).toBe(413);
      expect(refused.headers.get("connection")).toBe("close");
      expect(await connection.closed).toBe("end");
    } finally {
      await http.close();
    }
  });

  it("a body without a length (chunked) is limited too, and one within the limit arrives whole", async () => {
    const t = await createApp({ MAX_BODY_BYTES: "1024" });
    await signUp(t.client(), "bob@example.com");
    const chunked = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let offset = 0; offset < bytes.length; offset += 100) controller.enqueue(bytes.subarray(offset, offset + 100));
          controller.close();
        },
      });
    const post = (path: string, text: string) =>
      t.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: chunked(text),
        duplex: "half",
      } as RequestInit);
    const tooLarge = await post("/api/chats/messages", JSON.stringify({ text: "x".repeat(5000), language: "en" }));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: "payload-too-large" });
    const signIn = await post("/api/auth/sign-in/email", JSON.stringify({ email: "bob@example.com", password: GOOD_PASSWORD }));
    expect(signIn.status).toBe(200);
  });
});
