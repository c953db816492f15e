import type { TaskEventBus } from '../tasks/task-event-bus';
import type { MailOutbox, OutboxLog } from './mail-outbox';

/** Safety net: drain this often even without a wake-up (a lost NOTIFY, retries coming due, the digest hour). */
export const MAIL_POLL_MS = 10_000;

/**
 * Drives a MailOutbox in a process that runs workers: a drain at once when
 * the bus says notices were written (on PostgreSQL through LISTEN/NOTIFY, so
 * a notice written on any API node wakes every worker), and one every
 * MAIL_POLL_MS. Drains never overlap in a process; a wake during a drain
 * runs one more after it. Processes draining at once share the work through
 * the claims' SKIP LOCKED.
 */
export class MailPump {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly log: OutboxLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts listening on the bus key and polling. */
  start(bus: TaskEventBus, key: string, pollMs = MAIL_POLL_MS): void {
    this.unsubscribe = bus.subscribe(key, () => this.kick());
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Asks for a drain soon; never throws, never waits. */
  kick(): void {
    if (this.closed) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no drain is running (tests, the bench). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /** Stops the timer and the subscription, and waits for a drain in progress. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.idle();
  }

  private async loop(): Promise<void> {
    // Let the caller (a bus publish after a commit) return before any query runs.
    await new Promise((resolve) => setImmediate(resolve));
    do {
      this.again = false;
      try {
        await this.outbox.drain(this.now());
      } catch (error) {
        this.log.error({ err: error }, 'mail outbox drain failed');
      }
    } while (this.again && !this.closed);
  }
}
