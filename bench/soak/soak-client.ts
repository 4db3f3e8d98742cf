import { CHATS_PAGE_SIZE, type StreamEvent } from "../../src/shared/schemas/chat";
import type { Sender } from "../../src/shared/values";

const PASSWORD = "soak-test-password-7f3a";
const QUESTIONS = [
  { language: "en", text: "I have had a mild headache since this morning. What can I do?" },
  { language: "de", text: "Wie viel Wasser sollte ich am Tag trinken?" },
  { language: "en", text: "Is it normal to feel tired after a flu vaccine?" },
  { language: "de", text: "Was hilft gegen leichte Rückenschmerzen nach dem Sport?" },
] as const;

type Acknowledged = { id: string; chatId: string; sender: Sender };

/** One simulated user: a cookie jar, a random mix of actions, and a record of what the server acknowledged. */
export class SoakClient {
  cookie = "";
  readonly operations: Record<string, number> = {};
  readonly errors: string[] = [];
  readonly acknowledged: Acknowledged[] = [];
  readonly deletedChats = new Set<string>();

  constructor(
    private readonly origin: string,
    readonly email: string,
  ) {}

  liveChats(): string[] {
    return [...new Set(this.acknowledged.map((m) => m.chatId))].filter((id) => !this.deletedChats.has(id));
  }

  async actUntil(deadline: number) {
    while (Date.now() < deadline) {
      const roll = Math.random();
      const chats = this.liveChats();
      if (roll < 0.45 || chats.length === 0) await this.send(roll < 0.2 ? undefined : pick(chats));
      else if (roll < 0.65) await this.react();
      else if (roll < 0.8) await this.list();
      else if (roll < 0.9) await this.open(pick(chats));
      else if (roll < 0.96) await this.deleteChat(pick(chats));
      else await this.signIn();
    }
  }

  async signUp() {
    const response = await this.request("sign-up", "POST", "/api/auth/sign-up/email", {
      email: this.email,
      password: PASSWORD,
      name: "",
      languageCode: "en",
    });
    this.keepCookie(response);
  }

  private async signIn() {
    const response = await this.request("sign-in", "POST", "/api/auth/sign-in/email", { email: this.email, password: PASSWORD });
    this.keepCookie(response);
  }

  private async send(chatId: string | undefined) {
    const response = await this.request("send", "POST", "/api/chats/messages", { ...pick([...QUESTIONS]), chatId });
    if (!response) return;
    let current = chatId;
    for (const event of parseEvents(await response.text())) {
      if (event.type === "start" && event.userMessage) {
        current = event.chatId;
        this.acknowledged.push({ id: event.userMessage.id, chatId: current, sender: "user" });
      }
      if (event.type === "done" && current) this.acknowledged.push({ id: event.message.id, chatId: current, sender: "assistant" });
      if (event.type === "error") this.errors.push(`send: reply failed with ${event.code}`);
    }
  }

  private async react() {
    const replies = this.acknowledged.filter((m) => m.sender === "assistant" && !this.deletedChats.has(m.chatId));
    if (replies.length === 0) return;
    await this.request("react", "PUT", `/api/messages/${pick(replies).id}/feedback`, { kind: Math.random() < 0.5 ? "like" : "dislike" });
  }

  private async list() {
    const response = await this.request("list", "GET", "/api/chats");
    const listed = response ? ((await response.json()) as { chats: { id: string }[] }).chats : [];
    // The first page of the history: up to CHATS_PAGE_SIZE of the newest chats.
    const expected = Math.min(this.liveChats().length, CHATS_PAGE_SIZE);
    if (response && listed.length !== expected) this.errors.push(`list: ${listed.length} chats listed, ${expected} expected`);
  }

  private async open(chatId: string) {
    await (await this.request("open", "GET", `/api/chats/${chatId}`))?.arrayBuffer();
  }

  private async deleteChat(chatId: string) {
    if (await this.request("delete", "DELETE", `/api/chats/${chatId}`)) this.deletedChats.add(chatId);
  }

  private keepCookie(response: Response | undefined) {
    const cookie = response?.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    if (cookie) this.cookie = cookie;
  }

  /** One request; anything but a 2xx is recorded as an error and answers undefined. */
  private async request(operation: string, method: string, path: string, body?: unknown): Promise<Response | undefined> {
    this.operations[operation] = (this.operations[operation] ?? 0) + 1;
    try {
      const response = await fetch(this.origin + path, {
        method,
        headers: { origin: this.origin, cookie: this.cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (response.ok) return response;
      this.errors.push(`${operation}: HTTP ${response.status} ${(await response.text()).slice(0, 120)}`);
    } catch (error) {
      this.errors.push(`${operation}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  }
}

export async function signUpClient(origin: string, email: string): Promise<SoakClient> {
  const client = new SoakClient(origin, email);
  await client.signUp();
  return client;
}

function parseEvents(body: string): StreamEvent[] {
  return body
    .split("\n\n")
    .filter((frame) => frame.startsWith("data:"))
    .map((frame) => JSON.parse(frame.slice(5)) as StreamEvent);
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}
