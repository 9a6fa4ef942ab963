/**
 * The loop every background worker runs (the mail outbox, the WhatsApp outbox and inbox, the
 * courier jobs, the unpaid-order expiry): a pass over what is due, started by a timer that never
 * keeps the process alive and by nudge() after a commit that queued work. One pass at a time per
 * loop: a nudge during a pass asks for one more pass after it, so work queued while a pass runs is
 * never left until the next tick, and a burst of nudges costs one extra pass, not one each.
 *
 * A pass that throws is logged and the loop goes on at the next tick or nudge (the database may be
 * briefly away). What "stopping" means for work in flight differs per worker (mail abandons an SMTP
 * send after a grace, WhatsApp aborts its request, the courier leaves a job to its lease), so stop()
 * only ends the timer and new passes; the worker then waits with finished() and acts on its own.
 */

/** The log a worker writes to (Fastify's logger, or a quiet one in tests). */
export interface WorkerLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** Wait after the `failures`-th failed attempt (1, 2, …): base, 2 × base, 4 × base, … up to max. */
export function retryDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

export interface PollLoopOptions {
  /** Named in the log when a pass fails. */
  name: string;
  /** How often a pass starts without a nudge (ms). */
  everyMs: number;
  log: WorkerLog;
  /** One pass over what is due; the loop never runs two at once. */
  pass: () => Promise<void>;
}

export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: PollLoopOptions) {}

  /** Whether stop() was called: a pass checks it between items to end early. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Starts the timer and a first pass now. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.options.everyMs);
    this.timer.unref();
    this.kick();
  }

  /** A pass now, or one more after the current one (after a commit that queued work). */
  nudge(): void {
    if (this.started) this.kick();
  }

  /** No timer and no new pass from now on; the current pass, if any, goes on (see finished()). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /**
   * Resolves true when no pass is running, or false when `limitMs` passed first (then the pass is
   * still running: the worker decides what to do with it).
   */
  async finished(limitMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    const running = this.running;
    if (!running) return true;
    if (!Number.isFinite(limitMs)) {
      await running;
      return true;
    }
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), limitMs);
      timer.unref();
    });
    try {
      return await Promise.race([running.then(() => true as const), limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.options.pass();
        } while (this.again && !this.stopped);
      } catch (err) {
        // At shutdown an aborted pass is expected, not an error worth a line.
        if (!this.stopped) this.options.log.error({ err }, `${this.options.name}: pass failed`);
      } finally {
        this.running = null;
      }
    })();
  }
}
