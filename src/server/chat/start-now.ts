/**
 * Starts an async iterable at once: its first step (for a model reply, sending the request and waiting for the
 * first piece) runs now, and what it brings waits until the iterable is read. Nothing is lost or read twice.
 */
export function startNow<T>(source: AsyncIterable<T>): AsyncIterableIterator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let first: Promise<IteratorResult<T>> | undefined = iterator.next();
  // Marks the first step as handled: a failure before anyone reads is not an unhandled rejection. The step
  // itself still rejects for the reader; one that is never read (the save failed) was aborted.
  first.then(undefined, () => undefined);
  return {
    next() {
      const step = first ?? iterator.next();
      first = undefined;
      return step;
    },
    async return(value?: unknown) {
      first = undefined;
      return (await iterator.return?.(value)) ?? { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
