/**
 * The media of shoppers' messages (a photo, a voice note, a document), fetched from WhatsApp and
 * kept in the store's picture storage (a folder or the bucket, media/storage; issue 37,
 * docs/decisions/065-whatsapp-inbox.md).
 *
 * Meta's Cloud API media endpoint (developers.facebook.com/docs/whatsapp/cloud-api/reference/media,
 * "Retrieve media URL" and "Download media"): GET {WHATSAPP_API_URL}/{media-id} with the Bearer
 * token answers { messaging_product, url, mime_type, sha256, file_size, id }; the url is good for
 * 5 minutes and is itself fetched with the same Bearer token. So each attempt asks for a fresh url,
 * promptly after the message arrived, and a failed attempt is tried again later (backoff) up to
 * MAX_ATTEMPTS. The type and size are checked before the download (Meta's file_size) and during it
 * (the bytes counted), and the bytes are checked to be what the type says: an image is decoded and
 * written again by sharp (which drops its metadata, a phone's location among it), the rest by
 * their first bytes. What fails a check is refused for good, with the reason shown in the thread.
 * Keys sit under whatsapp/, which the public /media route never serves: only an admin reads them
 * (routes.ts).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { retryDelay } from '../../../background/poll-loop.ts';
import { nowIso } from '../../../db/ids.ts';
import type { Db } from '../../../db/tables.ts';
import type { ObjectStorage } from '../../../media/storage/object-storage.ts';
import type { WhatsAppSettings } from '../settings.ts';

const MB = 1024 * 1024;

/** Types kept, with their largest size (Meta's limits, smaller for documents) and how their bytes start. */
const KEPT_TYPES: Record<string, { max: number; ext: string; starts?: (b: Buffer) => boolean }> = {
  'image/jpeg': { max: 5 * MB, ext: 'webp' },
  'image/png': { max: 5 * MB, ext: 'webp' },
  'image/webp': { max: 5 * MB, ext: 'webp' },
  'audio/ogg': { max: 16 * MB, ext: 'ogg', starts: (b) => b.subarray(0, 4).toString('latin1') === 'OggS' },
  'audio/mpeg': {
    max: 16 * MB,
    ext: 'mp3',
    starts: (b) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
  'audio/mp4': { max: 16 * MB, ext: 'm4a', starts: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
  'audio/aac': { max: 16 * MB, ext: 'aac', starts: (b) => b[0] === 0xff && ((b[1] ?? 0) & 0xf0) === 0xf0 },
  'audio/amr': { max: 16 * MB, ext: 'amr', starts: (b) => b.subarray(0, 5).toString('latin1') === '#!AMR' },
  'video/mp4': { max: 16 * MB, ext: 'mp4', starts: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
  'application/pdf': { max: 16 * MB, ext: 'pdf', starts: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
};

/** The Content-Type a kept file is served with (images are kept as WebP). */
export function servedType(mediaType: string): string {
  return mediaType.startsWith('image/') ? 'image/webp' : mediaType;
}

/** Attempts before a file WhatsApp does not give is marked refused. */
export const MAX_ATTEMPTS = 8;
/** Each attempt holds the row this long (another process leaves it alone meanwhile). */
const LEASE_MS = 2 * 60_000;
const BATCH = 10;

class Refused extends Error {}

export interface MediaFetchOptions {
  /** Wait before the first retry (ms), doubled after each failure. Default 30 s. */
  backoffMs?: number;
  /** Longest wait between attempts (ms). Default 30 min. */
  maxBackoffMs?: number;
  /** One request's time limit (ms). Default 60 s. */
  requestTimeoutMs?: number;
}

function mediaTypeOf(raw: unknown): string {
  return typeof raw === 'string' ? (raw.split(';')[0] ?? '').trim().toLowerCase() : '';
}

const sizeWords = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** Reads a response's body up to `max` bytes; refused beyond. */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    length += chunk.byteLength;
    if (length > max) throw new Refused(`larger than ${sizeWords(max)}: not kept`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** The checked bytes and their key in the storage. */
async function checkedFile(type: string, bytes: Buffer): Promise<{ key: string; data: Buffer }> {
  const rule = KEPT_TYPES[type];
  if (!rule) throw new Refused(`a ${type || 'file of no type'}: not kept`);
  let data = bytes;
  if (type.startsWith('image/')) {
    try {
      data = await sharp(bytes, { limitInputPixels: 40_000_000, pages: 1 })
        .rotate()
        .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new Refused('said to be an image, but is not one: not kept');
    }
  } else if (rule.starts && !rule.starts(bytes)) {
    throw new Refused(`said to be ${type}, but its bytes are not: not kept`);
  }
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 40);
  return { key: `whatsapp/${hash.slice(0, 2)}/${hash}.${rule.ext}`, data };
}

/** One file fetched, checked and stored; throws Refused for good, anything else to retry. */
async function fetchOne(
  settings: WhatsAppSettings,
  storage: ObjectStorage,
  mediaId: string,
  timeoutMs: number,
): Promise<{ key: string; type: string; size: number }> {
  const auth = { authorization: `Bearer ${settings.token}` };
  const meta = await fetch(`${settings.apiUrl}/${encodeURIComponent(mediaId)}`, {
    headers: auth,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!meta.ok) throw new Error(`WhatsApp's media endpoint answered ${meta.status}`);
  const info = (await meta.json()) as { url?: unknown; mime_type?: unknown; file_size?: unknown };
  const type = mediaTypeOf(info.mime_type);
  const rule = KEPT_TYPES[type];
  if (!rule) throw new Refused(`a ${type || 'file of no type'}: not kept`);
  const declared = Number(info.file_size);
  if (Number.isFinite(declared) && declared > rule.max) {
    throw new Refused(`${sizeWords(declared)}, larger than ${sizeWords(rule.max)}: not kept`);
  }
  if (typeof info.url !== 'string' || !/^https?:\/\//.test(info.url)) throw new Error('WhatsApp gave no media url');
  const file = await fetch(info.url, { headers: auth, signal: AbortSignal.timeout(timeoutMs) });
  if (!file.ok) throw new Error(`WhatsApp's media url answered ${file.status}`);
  const bytes = await readCapped(file, rule.max);
  const { key, data } = await checkedFile(type, bytes);
  await storage.put(key, data, { contentType: servedType(type) });
  return { key, type, size: data.length };
}

/** Fetches what is due; returns how many rows it settled (stored or refused). */
export async function fetchDueMedia(
  db: Db,
  storage: ObjectStorage,
  settings: WhatsAppSettings,
  options: MediaFetchOptions = {},
): Promise<number> {
  const now = Date.now();
  const due = await db
    .selectFrom('whatsapp_messages')
    .select(['id', 'media_id', 'media_attempts', 'media_next_at'])
    .where('media_state', '=', 'pending')
    .where('media_next_at', '<=', nowIso(now))
    .orderBy('media_next_at')
    .limit(BATCH)
    .execute();
  let settled = 0;
  for (const row of due) {
    // The lease: only the process whose update moves media_next_at fetches this file now.
    const leased = await db
      .updateTable('whatsapp_messages')
      .set({ media_next_at: nowIso(Date.now() + LEASE_MS) })
      .where('id', '=', row.id)
      .where('media_state', '=', 'pending')
      .where('media_next_at', '=', row.media_next_at)
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) === 0) continue;
    const attempts = Number(row.media_attempts) + 1;
    try {
      const stored = await fetchOne(settings, storage, String(row.media_id), options.requestTimeoutMs ?? 60_000);
      await db
        .updateTable('whatsapp_messages')
        .set({
          media_state: 'stored',
          media_key: stored.key,
          media_type: stored.type,
          media_size: stored.size,
          media_error: null,
          media_attempts: attempts,
        })
        .where('id', '=', row.id)
        .execute();
      settled += 1;
    } catch (err) {
      const refused = err instanceof Refused || attempts >= MAX_ATTEMPTS;
      const reason = err instanceof Refused ? err.message : `not fetched from WhatsApp: ${(err as Error).message}`;
      await db
        .updateTable('whatsapp_messages')
        .set({
          media_attempts: attempts,
          media_error: reason.slice(0, 300),
          ...(refused
            ? { media_state: 'refused' }
            : {
                media_next_at: nowIso(
                  Date.now() + retryDelay(attempts, options.backoffMs ?? 30_000, options.maxBackoffMs ?? 1_800_000),
                ),
              }),
        })
        .where('id', '=', row.id)
        .execute();
      if (refused) settled += 1;
    }
  }
  return settled;
}
