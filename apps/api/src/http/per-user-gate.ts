import { tooManyRequests } from './http-error';

/**
 * At most one operation at a time per user in this process; a second while
 * the first runs answers 429 with `detail`. For work answered within the
 * request (imports, single runs); queued tasks are capped in the database.
 */
export class PerUserGate {
  private readonly busy = new Set<number>();

  constructor(private readonly detail: string) {}

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    if (this.busy.has(userId)) throw tooManyRequests(this.detail);
    this.busy.add(userId);
    try {
      return await work();
    } finally {
      this.busy.delete(userId);
    }
  }
}
