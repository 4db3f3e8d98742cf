import { Agent, request } from "node:http";
import { defaultPrompts } from "../../src/server/prompts/defaults";

/** One keep-alive agent for every benchmark request, with no socket cap (thousands of live streams). */
export const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: 256 });

export interface StreamResult {
  /** Milliseconds from sending the request to the first piece of reply text. */
  ttftMs: number;
  /** Milliseconds from sending the request to the end of the response. */
  totalMs: number;
  /** Milliseconds from the first to the last piece of reply text. */
  streamMs: number;
  deltas: number;
  text: string;
  status: number;
  /** The Retry-After header, when the response had one. */
  retryAfter?: string;
  /** Our endpoint only: the saved reply's text from the `done` event, or the error code. */
  doneText?: string;
  /** Our endpoint only: the chat the message went to (its `start` event). */
  chatId?: string;
  error?: string;
}

type OnData = (data: string, mark: (text: string) => void) => void;

/** POSTs JSON and reads server-sent events; `onData` turns each `data:` payload into reply text. */
function postStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  onData: OnData,
  onResponse?: (status: number) => void,
  retried = false,
): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const started = performance.now();
    const result: StreamResult = { ttftMs: Number.NaN, totalMs: 0, streamMs: 0, deltas: 0, text: "", status: 0 };
    let last = 0;
    const mark = (text: string) => {
      const now = performance.now();
      if (result.deltas === 0) result.ttftMs = now - started;
      last = now;
      result.deltas += 1;
      result.text += text;
    };
    const req = request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers } },
      (res) => {
        result.status = res.statusCode ?? 0;
        const retryAfter = res.headers["retry-after"];
        if (typeof retryAfter === "string") result.retryAfter = retryAfter;
        onResponse?.(result.status);
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (event.startsWith("data: ")) onData(event.slice(6), mark);
          }
        });
        res.on("end", () => {
          const now = performance.now();
          result.totalMs = now - started;
          result.streamMs = result.deltas > 0 ? last - (started + result.ttftMs) : 0;
          resolve(result);
        });
        res.on("error", reject);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed just as we reused it (Node's documented race): send again once.
      if (req.reusedSocket && error.code === "ECONNRESET" && !retried && result.status === 0)
        resolve(postStream(url, body, headers, onData, onResponse, true));
      else reject(error);
    });
    req.end(payload);
  });
}

/** Sends a message through our chat endpoint (signed in; a new chat unless chatId is given). */
export function streamViaServer(
  base: string,
  cookie: string,
  text: string,
  { chatId, onResponse }: { chatId?: string; onResponse?: (status: number) => void } = {},
): Promise<StreamResult> {
  let doneText: string | undefined;
  let error: string | undefined;
  let startedChatId: string | undefined;
  return postStream(
    `${base}/api/chats/messages`,
    { chatId, text, language: "en" },
    { cookie, origin: base },
    (data, mark) => {
      const event = JSON.parse(data) as { type: string; text?: string; message?: { text: string }; code?: string; chatId?: string };
      if (event.type === "delta") mark(event.text ?? "");
      else if (event.type === "start") startedChatId = event.chatId;
      else if (event.type === "done") doneText = event.message?.text;
      else if (event.type === "error") error = event.code;
    },
    onResponse,
  ).then((result) => ({ ...result, doneText, error, chatId: startedChatId }));
}

/** The same streamed completion our server asks for, fetched straight from the model (the baseline). */
export function streamDirect(modelUrl: string, text: string): Promise<StreamResult> {
  const body = {
    model: "gpt-4o-mini",
    stream: true,
    temperature: 0.2,
    top_p: 0.7,
    frequency_penalty: 0.5,
    presence_penalty: 0.4,
    messages: [
      { role: "system", content: `${defaultPrompts.system}\n\nThe user's interface language is English.` },
      { role: "user", content: text },
    ],
  };
  return postStream(`${modelUrl}/chat/completions`, body, { authorization: "Bearer bench" }, (data, mark) => {
    if (data === "[DONE]") return;
    const chunk = JSON.parse(data) as { choices: { delta?: { content?: string } }[] };
    const content = chunk.choices.at(-1)?.delta?.content;
    if (content) mark(content);
  });
}

/** Tells the fake model what to answer next (its `POST /__next`), e.g. a reply far longer than any question. */
export async function queueReply(modelUrl: string, scenario: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${modelUrl.replace(/\/v1$/, "")}/__next`, { method: "POST", body: JSON.stringify(scenario) });
  if (!response.ok) throw new Error(`the fake model refused the queued reply (${response.status})`);
  await response.text();
}

/** Signs up a new user and returns the session cookie. */
export async function signUp(base: string, email: string): Promise<string> {
  const payload = JSON.stringify({ email, password: "bench-password-8e2f1c", name: "Bench", languageCode: "en" });
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/auth/sign-up/email`,
      { method: "POST", agent, headers: { "content-type": "application/json", origin: base } },
      (res) => {
        res.resume();
        res.on("end", () => {
          const cookies = (res.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).filter(Boolean);
          if (res.statusCode !== 200 || cookies.length === 0) reject(new Error(`sign-up answered ${res.statusCode}`));
          else resolve(cookies.join("; "));
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** GETs a URL with the cookie; resolves with status and body. */
export function getJson(url: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
