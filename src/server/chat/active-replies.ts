/** A place for one live reply, taken before any work is done for it and handed to the stream that uses it. */
export interface ReplySlot {
  /** The stream starts: it is live until the returned function is called. */
  use(controller: AbortController): () => void;
  /** Gives the place back when no stream took it (the request failed first); a no-op once used. */
  releaseUnused(): void;
}

/** Why no place was given: the process streams its maximum, or this owner (a user) already streams theirs. */
export type ReplyRefusal = "server-busy" | "too-many-live-replies";

/**
 * The replies being streamed right now, so that a shutdown can wait for them or stop them (and so save them),
 * and so that past `max` live replies (or `maxPerOwner` of one user's) new ones are refused at once rather than
 * every live one slowing down, or one person's many tabs taking the places of everyone else.
 */
export class ActiveReplies {
  private readonly controllers = new Set<AbortController>();
  private readonly idleWaiters = new Set<() => void>();
  /** Live and reserved places per owner; an owner with none has no entry. */
  private readonly perOwner = new Map<string, number>();
  private reserved = 0;

  constructor(
    readonly max = Number.POSITIVE_INFINITY,
    readonly maxPerOwner = Number.POSITIVE_INFINITY,
  ) {}

  /** A slot for one more reply of `owner`, or why there is none; the owner's own limit is told first. */
  reserve(owner: string): ReplySlot | ReplyRefusal {
    const ownerCount = this.perOwner.get(owner) ?? 0;
    if (ownerCount >= this.maxPerOwner) return "too-many-live-replies";
    if (this.controllers.size + this.reserved >= this.max) return "server-busy";
    this.reserved += 1;
    this.perOwner.set(owner, ownerCount + 1);
    let state: "reserved" | "live" | "ended" = "reserved";
    const giveBackOwner = () => {
      const left = (this.perOwner.get(owner) ?? 1) - 1;
      if (left > 0) this.perOwner.set(owner, left);
      else this.perOwner.delete(owner);
    };
    return {
      use: (controller) => {
        if (state !== "reserved") throw new Error("a reply slot is used once");
        state = "live";
        this.reserved -= 1;
        const untrack = this.track(controller);
        return () => {
          if (state !== "live") return;
          state = "ended";
          giveBackOwner();
          untrack();
        };
      },
      releaseUnused: () => {
        if (state !== "reserved") return;
        state = "ended";
        this.reserved -= 1;
        giveBackOwner();
      },
    };
  }

  private track(controller: AbortController): () => void {
    this.controllers.add(controller);
    return () => {
      this.controllers.delete(controller);
      if (this.controllers.size === 0) for (const resolve of this.idleWaiters) resolve();
    };
  }

  get count(): number {
    return this.controllers.size;
  }

  /** Waits until no reply is streaming, or `graceMs` have passed; then stops the rest (they save what they have). */
  async drain(graceMs: number): Promise<void> {
    if (this.controllers.size > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.idleWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, graceMs);
        this.idleWaiters.add(done);
      });
    }
    for (const controller of this.controllers) controller.abort();
  }
}
