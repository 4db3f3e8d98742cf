/** A place for one live reply, taken before any work is done for it and handed to the stream that uses it. */
export interface ReplySlot {
  /** The stream starts: it is live until the returned function is called. */
  use(controller: AbortController): () => void;
  /** Gives the place back when no stream took it (the request failed first); a no-op once used. */
  releaseUnused(): void;
}

/**
 * The replies being streamed right now, so that a shutdown can wait for them or stop them (and so save them),
 * and so that past `max` live replies new ones are refused at once rather than every live one slowing down.
 */
export class ActiveReplies {
  private readonly controllers = new Set<AbortController>();
  private readonly idleWaiters = new Set<() => void>();
  private reserved = 0;

  constructor(readonly max = Number.POSITIVE_INFINITY) {}

  /** A slot for one more reply, or undefined when `max` replies are live or about to start. */
  reserve(): ReplySlot | undefined {
    if (this.controllers.size + this.reserved >= this.max) return undefined;
    this.reserved += 1;
    let held = true;
    const giveBack = () => {
      if (held) this.reserved -= 1;
      held = false;
    };
    return {
      use: (controller) => {
        giveBack();
        return this.track(controller);
      },
      releaseUnused: giveBack,
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
