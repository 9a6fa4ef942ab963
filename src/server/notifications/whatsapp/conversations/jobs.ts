/**
 * The inbox's background work (issue 37), on the one polling loop every worker runs
 * (background/poll-loop.ts): fetching shoppers' media promptly (nudged when a message with media
 * was kept; Meta's media url expires, media-fetch.ts), and the owner's summary of messages
 * waiting too long (a pass a minute; waiting-summary.ts).
 */
import { PollLoop, type WorkerLog } from '../../../background/poll-loop.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/tables.ts';
import type { ObjectStorage } from '../../../media/storage/object-storage.ts';
import { fetchDueMedia, type MediaFetchOptions } from './media-fetch.ts';
import { queueWaitingSummary } from './waiting-summary.ts';

export interface InboxJobOptions {
  media?: MediaFetchOptions;
  /** How often media and waits are looked at without a nudge (ms). Defaults 5 s and 60 s. */
  mediaEveryMs?: number;
  summaryEveryMs?: number;
}

export class InboxJobs {
  private readonly media: PollLoop;
  private readonly summary: PollLoop;

  constructor(
    db: Db,
    storage: ObjectStorage,
    config: Config,
    log: WorkerLog,
    onQueued: () => void,
    options: InboxJobOptions = {},
  ) {
    const settings = config.whatsapp;
    if (!settings) throw new Error('InboxJobs needs the WhatsApp settings');
    this.media = new PollLoop({
      name: 'whatsapp inbox: fetching media',
      everyMs: options.mediaEveryMs ?? 5000,
      log,
      pass: async () => {
        while (!this.media.stopping && (await fetchDueMedia(db, storage, settings, options.media)) > 0) {
          // Another batch may be due.
        }
      },
    });
    this.summary = new PollLoop({
      name: 'whatsapp inbox: waiting summary',
      everyMs: options.summaryEveryMs ?? 60_000,
      log,
      pass: async () => {
        if (await queueWaitingSummary(db, config)) onQueued();
      },
    });
  }

  start(): void {
    this.media.start();
    this.summary.start();
  }

  /** Shoppers' messages were kept: fetch their media now, and see whether an older wait is due. */
  nudge(): void {
    this.media.nudge();
    this.summary.nudge();
  }

  async stop(): Promise<void> {
    this.media.stop();
    this.summary.stop();
    await Promise.all([this.media.finished(), this.summary.finished()]);
  }

  async idle(): Promise<void> {
    await Promise.all([this.media.finished(), this.summary.finished()]);
  }
}
