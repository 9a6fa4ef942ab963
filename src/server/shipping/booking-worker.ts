/**
 * Works the courier jobs (booking-jobs.ts, docs/decisions/028-courier-booking.md): one job at a time
 * per process, oldest due first, each claimed with a lease. A job the courier could not take (down,
 * slow, 5xx) waits with exponential backoff, and the pass stops there (the courier is most likely
 * down: the next poll goes on); a refusal stops that job only. Nothing here is on an order's path:
 * "Book courier" only writes rows, and nudge() merely wakes this worker.
 *
 * Every `trackPollMs` it also asks the courier about parcels with no event for 12 hours
 * (tracking-poll.ts), in case webhooks were lost.
 */
import { randomUUID } from 'node:crypto';
import { PollLoop, retryDelay, type WorkerLog } from '../background/poll-loop.ts';
import type { Config } from '../config.ts';
import type { CourierJobRow, Db } from '../db/tables.ts';
import {
  bookedParcelOf,
  bookingRefusals,
  claimJob,
  parcelOfOrder,
  recordBooked,
  recordPickedUpRequested,
  recordRefused,
  recordRetry,
} from './booking-jobs.ts';
import { type Courier, CourierRefusal } from './courier.ts';
import { pollQuietParcels } from './tracking-poll.ts';

export interface CourierWorkerOptions {
  /** How often due jobs are looked for without a nudge (ms). Default 2000. */
  pollMs?: number;
  /** Wait before the first retry (ms), doubled after each further failure. Default 30 s. */
  backoffMs?: number;
  /** Longest wait between retries (ms). Default 15 minutes. */
  maxBackoffMs?: number;
  /**
   * A claim's length (ms): longer than any one job can take (each courier call has its own time
   * limit, 20 s, and a booking makes at most five). Default 5 minutes.
   */
  leaseMs?: number;
  /** How often quiet parcels are asked about (ms). Default 15 minutes; 0: never. */
  trackPollMs?: number;
  /** At shutdown, how long an in-flight job may finish (ms). Default 2000. */
  stopGraceMs?: number;
}

type Outcome = 'none' | 'done' | 'refused' | 'retry';

function describe(err: unknown): string {
  const e = err as { message?: unknown };
  return typeof e?.message === 'string' && e.message ? e.message : String(err);
}

export class CourierWorker {
  /** This process's name on the leases it takes. */
  readonly owner = `courier-worker-${randomUUID()}`;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly trackPollMs: number;
  private readonly stopGraceMs: number;
  private readonly jobs: PollLoop;
  private trackTimer: NodeJS.Timeout | undefined;
  private readonly polled = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly courier: Courier,
    private readonly log: WorkerLog,
    options: CourierWorkerOptions = {},
  ) {
    this.jobs = new PollLoop({ name: 'courier worker', everyMs: options.pollMs ?? 2000, log, pass: () => this.pass() });
    this.backoffMs = options.backoffMs ?? 30_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.trackPollMs = options.trackPollMs ?? 15 * 60_000;
    this.stopGraceMs = options.stopGraceMs ?? 2000;
  }

  start(): void {
    if (this.trackPollMs > 0 && !this.trackTimer && !this.jobs.stopping) {
      this.trackTimer = setInterval(() => void this.pollTracking(), this.trackPollMs);
      this.trackTimer.unref();
    }
    this.jobs.start();
  }

  /** Looks at the jobs now (after "Book courier" committed). */
  nudge(): void {
    this.jobs.nudge();
  }

  /** Stops taking jobs; an in-flight one gets `stopGraceMs`, then is left to its lease (retried later). */
  async stop(): Promise<void> {
    this.jobs.stop();
    clearInterval(this.trackTimer);
    await this.jobs.finished(this.stopGraceMs);
  }

  /** Asks the courier about quiet parcels now (the timer's round; tests call it). */
  async pollTracking(now?: number): Promise<number> {
    try {
      return await pollQuietParcels(this.db, this.config, this.courier, this.log, this.polled, { now });
    } catch (err) {
      this.log.warn({ err: describe(err) }, 'tracking poll failed; next round tries again');
      return 0;
    }
  }

  /** Works due jobs one by one until none is due, the courier cannot be reached, or the worker stops. */
  private async pass(): Promise<void> {
    while (!this.jobs.stopping) {
      const job = await claimJob(this.db, this.owner, this.leaseMs);
      if (!job) return;
      const outcome = await this.work(job);
      if (outcome === 'retry') return;
    }
  }

  /** One job: the courier's calls, then what they gave, written back. */
  async work(job: CourierJobRow): Promise<Outcome> {
    const booking = this.courier.booking;
    try {
      if (!booking) throw new CourierRefusal(bookingRefusals.noCourier);
      if (job.kind === 'book') {
        const found = await parcelOfOrder(this.db, this.config, job.order_id);
        if ('refusal' in found) {
          await recordRefused(this.db, job, found.refusal);
          return 'refused';
        }
        const booked = await booking.book(found.parcel);
        await recordBooked(this.db, job, booked, booked.trackingUrl ?? null);
        this.log.info({ order: found.parcel.orderNumber, awb: booked.awb }, 'courier booked');
        // The pickup job, written with the booking, is due now: this pass takes it next.
        return 'done';
      }
      if (job.kind === 'pickup') {
        const parcel = await bookedParcelOf(this.db, job.order_id);
        if (!parcel) {
          await recordRefused(this.db, job, 'The parcel is not booked any more.');
          return 'refused';
        }
        await booking.pickup(parcel);
        await recordPickedUpRequested(this.db, job);
        return 'done';
      }
      await recordRefused(this.db, job, `Unknown courier job kind ${job.kind}`);
      return 'refused';
    } catch (err) {
      if (err instanceof CourierRefusal) {
        this.log.warn({ jobId: job.id, kind: job.kind, refusal: err.message }, 'the courier refused');
        await recordRefused(this.db, job, err.message);
        return 'refused';
      }
      const attempts = Number(job.attempts) + 1;
      const error = describe(err);
      this.log.warn({ jobId: job.id, kind: job.kind, attempts, error }, 'courier job failed; will retry');
      await recordRetry(this.db, job, error, retryDelay(attempts, this.backoffMs, this.maxBackoffMs));
      return 'retry';
    }
  }
}
