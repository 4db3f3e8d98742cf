import { afterEach, describe, expect, it, vi } from "vitest";
import { chatApiPath } from "../../shared/opened-chat";
import type { ChatDetail } from "../../shared/schemas/chat";
import { chatQuery } from "../hooks/use-chats";
import { ApiError, client, NetworkError, succeeded } from "./api";
import { postEventStream, RefusedSendError } from "./stream-events";

const chatId = "6f1d2a8e-4b0c-4d6e-9f3a-1b2c3d4e5f60";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const detail: ChatDetail = {
  id: chatId,
  title: "Headache",
  olderBefore: null,
  messages: [
    {
      id: "m1",
      position: 0,
      sender: "user",
      text: "I have a headache",
      status: "complete",
      feedback: null,
      feedbackReason: null,
      feedbackComment: null,
      errorCode: null,
      redFlags: ["stroke"],
    },
  ],
};

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => answer());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("the typed client", () => {
  it("asks for a saved chat at the address the server preloads, with the session cookie, and checks the answer", async () => {
    const fetch = stubFetch(() => json({ ...detail, extra: "dropped" }));
    await expect(chatQuery(chatId).queryFn()).resolves.toEqual(detail);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(chatApiPath(chatId));
    expect(init?.credentials).toBe("same-origin");
  });

  it("refuses an answer its shared schema does not accept", async () => {
    stubFetch(() => json({ ...detail, messages: [{ ...detail.messages[0], redFlags: ["made-up"] }] }));
    await expect(chatQuery(chatId).queryFn()).rejects.toThrow();
  });

  it("turns an error answer into ApiError with the code, and an unknown code into none", async () => {
    stubFetch(() => json({ code: "not-found", message: "Chat not found." }, 404));
    await expect(succeeded(client.api.chats.$delete())).rejects.toEqual(new ApiError("not-found", "Chat not found."));
    stubFetch(() => json({ code: "SOMETHING_ELSE", message: "Nope" }, 400));
    await expect(succeeded(client.api.chats.$delete())).rejects.toMatchObject({ code: undefined, message: "Nope" });
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    await expect(succeeded(client.api.chats.$delete())).rejects.toMatchObject({ code: undefined, message: "Bad Gateway" });
  });

  it("keeps the address a refusal for the wrong origin names", async () => {
    stubFetch(() => json({ code: "forbidden-origin", message: "Cross-site", publicUrl: "https://chat.example.org" }, 403));
    await expect(succeeded(client.api.chats.$delete())).rejects.toMatchObject({ publicUrl: "https://chat.example.org" });
  });

  it("reports a request without an answer as a NetworkError, and a stopped one as the abort it is", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(succeeded(client.api.chats.$delete())).rejects.toBeInstanceOf(NetworkError);
    const stopped = new AbortController();
    stopped.abort();
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => Promise.reject(init.signal?.reason));
    await expect(
      postEventStream(
        (options) => client.api.chats.messages.$post({ json: { text: "Hi", language: "en" } }, options),
        () => {},
        stopped.signal,
      ),
    ).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("the streaming send", () => {
  const send = (signal = new AbortController().signal, events: unknown[] = []) =>
    postEventStream(
      (options) => client.api.chats.messages.$post({ json: { text: "Chest pain", language: "en" } }, options),
      (event) => events.push(event),
      signal,
    );

  it("hands on the events it knows and skips the others", async () => {
    const frames = [
      { type: "start", chatId, userMessage: null },
      { type: "future-event", anything: 1 },
      { type: "delta", text: "Hello" },
    ];
    const fetch = stubFetch(() => new Response(frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join("")));
    const events: unknown[] = [];
    await send(undefined, events);
    expect(events).toEqual([frames[0], frames[2]]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/chats/messages");
    expect(new Headers(init?.headers).get("accept")).toBe("text/event-stream");
    expect(JSON.parse(String(init?.body))).toEqual({ text: "Chest pain", language: "en" });
  });

  it("reads frames with CRLF line ends and skips one whose data is no JSON, without failing the stream", async () => {
    const start = { type: "start", chatId, userMessage: null };
    const delta = { type: "delta", text: "Hello" };
    const body = [`data: ${JSON.stringify(start)}\r\n\r\n`, "data: {not json\r\n\r\n", `data: ${JSON.stringify(delta)}\r\n\r\n`];
    // One frame split across two chunks, between the CR and the LF of its line end.
    const chunks = [body[0], body[1], body[2]?.slice(0, -3), body[2]?.slice(-3)].map((chunk) => new TextEncoder().encode(chunk));
    stubFetch(
      () =>
        new Response(
          new ReadableStream({
            start: (controller) => {
              for (const chunk of chunks) controller.enqueue(chunk);
              controller.close();
            },
          }),
        ),
    );
    const events: unknown[] = [];
    await send(undefined, events);
    expect(events).toEqual([start, delta]);
  });

  it("tells a refused send with its red flags apart from other errors", async () => {
    stubFetch(() => json({ code: "server-busy", message: "Busy", redFlags: ["cardiac"] }, 429));
    const refused = await send().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefusedSendError);
    expect(refused).toMatchObject({ code: "server-busy", redFlags: ["cardiac"] });
    stubFetch(() => json({ code: "unauthorized", message: "Please sign in." }, 401));
    const signedOut = await send().catch((error: unknown) => error);
    expect(signedOut).not.toBeInstanceOf(RefusedSendError);
    expect(signedOut).toMatchObject({ code: "unauthorized" });
  });
});
