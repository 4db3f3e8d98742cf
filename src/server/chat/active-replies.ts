/** The replies being streamed right now, so a shutdown can wait for them or stop them (and so save them). */
export class ActiveReplies {
  private readonly controllers = new Set<AbortController>();
  private readonly idleWaiters = new Set<() => void>();

  track(controller: AbortController): () => void {
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
