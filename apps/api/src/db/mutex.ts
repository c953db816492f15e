/** Thrown when a lock is not granted in time (on the embedded database: almost always a nested use). */
export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

/** A first-come, first-served async lock: one holder at a time. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the lock (at most timeoutMs) and returns the function that releases it. */
  async acquire(timeoutMs = Infinity, timeoutMessage = 'lock wait timed out'): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => next);
    let released = false;
    const releaseOnce = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    if (timeoutMs === Infinity) {
      await previous;
      return releaseOnce;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([previous.then(() => 'granted' as const), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      // Keep the queue moving: when our turn comes, pass it straight on.
      void previous.then(releaseOnce);
      throw new LockTimeoutError(timeoutMessage);
    }
    return releaseOnce;
  }
}
