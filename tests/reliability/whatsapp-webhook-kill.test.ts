/**
 * Shoppers' WhatsApp messages across a SIGKILL (issue 37; docs/whatsapp.md#the-inbox): WhatsApp
 * posts shoppers' messages to the store's webhook (signed, as Meta does, by the fake Graph API in
 * this process, src/server/test-support/fake-whatsapp.ts) from several connections at once, and the
 * store is SIGKILLed while posts are in flight and the worker is applying what it kept. WhatsApp
 * repeats every webhook it did not get a 200 for; so, after the restart on the same database, the
 * test posts again each one not answered 200 (and a few that were, as Meta also does when a 200 is
 * slow), then posts the ones it had not sent yet. Then every message is in the inbox exactly once,
 * as written, each conversation counts each message once (unread), and every voice note is fetched.
 * On SQLite and PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../src/server/test-support/fake-whatsapp.ts';
import { openReader, type Reader } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Dialect, type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { type StoreProcess, sleep, startStore } from './support/server.ts';

/** Webhook POSTs in all; the store is killed once this many were answered 200. */
const POSTS = 240;
const KILL_AFTER = 90;
/** WhatsApp's connections posting at once. */
const PARALLEL = 6;
const SHOPPERS = 12;

interface Sent {
  id: string;
  from: string;
  type: 'text' | 'audio';
  body: string;
  mediaId: string | null;
}

interface Post {
  messages: Sent[];
  /** The status the store answered; 0 when the connection broke or was refused. */
  answered: number | null;
}

/** Text as shoppers write it: Hindi, an RTL mark, a line break, markup, a control character. */
const wordsOf = (n: number) =>
  [`Kab aayega? #${n}`, `कल तक? ${n}\n\u202Eok`, `<b>${n}</b> \u0007 https://example.in/${n}`][n % 3] as string;

function plan(run: string, voiceNote: string): Post[] {
  const posts: Post[] = [];
  let n = 0;
  const message = (from: string): Sent => {
    n += 1;
    // One message in five a voice note, whose file the store fetches from WhatsApp after keeping it.
    const voice = n % 5 === 0;
    return {
      id: `wamid.REL${run}x${n}`,
      from,
      type: voice ? 'audio' : 'text',
      body: voice ? '' : wordsOf(n),
      mediaId: voice ? voiceNote : null,
    };
  };
  for (let p = 0; p < POSTS; p += 1) {
    const from = `9197${String(40_000_000 + (p % SHOPPERS)).padStart(8, '0')}`;
    // Now and then WhatsApp puts two messages of one shopper in one POST.
    posts.push({ messages: p % 7 === 3 ? [message(from), message(from)] : [message(from)], answered: null });
  }
  return posts;
}

function webhookValue(messages: Sent[]) {
  const at = String(Math.floor(Date.now() / 1000));
  return {
    contacts: [{ profile: { name: 'Shopper' }, wa_id: messages[0]?.from }],
    messages: messages.map((m) => ({
      from: m.from,
      id: m.id,
      timestamp: at,
      type: m.type,
      ...(m.type === 'text'
        ? { text: { body: m.body } }
        : { audio: { id: m.mediaId, mime_type: 'audio/ogg; codecs=opus', voice: true } }),
    })),
  };
}

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe.each<Dialect>(['sqlite', 'postgres'])('WhatsApp webhooks across a SIGKILL on %s', (dialect) => {
  let fresh: Fresh | undefined;
  let fake: FakeWhatsApp | undefined;
  let store: StoreProcess | undefined;
  let reader: Reader | undefined;
  afterAll(async () => {
    await reader?.close();
    await store?.stop();
    await fake?.close();
    await fresh?.cleanup();
  });

  it.skipIf(dialect === 'postgres' && !postgresConfigured())(
    'every message posted while the store was killed is kept exactly once after WhatsApp’s retries',
    async () => {
      const started = Date.now();
      fresh = await freshData(dialect);
      fake = await startFakeWhatsApp();
      const f = fake;
      const voiceNote = f.addMedia(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(3000, 5)]), 'audio/ogg');
      const target = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, env: f.env };
      store = await startStore(target);
      const port = store.port;
      const base = store.url;
      // WhatsApp's side of the webhook: a broken or refused connection is "not answered".
      f.setWebhookTarget(async (body, headers) => {
        try {
          const res = await fetch(`${base}/api/whatsapp/webhook`, { method: 'POST', headers, body });
          return { status: res.status, body: await res.text() };
        } catch (error) {
          return { status: 0, body: String(error) };
        }
      });
      const post = async (p: Post) => {
        p.answered = (await f.postWebhook(webhookValue(p.messages))).status;
      };

      const posts = plan(String(started), voiceNote);
      const all = posts.flatMap((p) => p.messages);
      let next = 0;
      let answered = 0;
      let killing: Promise<void> | undefined;
      const running = store;
      const poster = async () => {
        while (!killing && next < posts.length) {
          const p = posts[next++] as Post;
          await post(p);
          if (p.answered === 200) answered += 1;
          // Killed while the other connections' posts are in flight, and the worker applies what was kept.
          if (answered >= KILL_AFTER && !killing) killing = running.crash();
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, poster));
      await killing;
      expect(killing, 'the store was killed mid-stream').toBeDefined();

      const tried = posts.filter((p) => p.answered !== null);
      const unanswered = tried.filter((p) => p.answered !== 200);
      // Only a refused or broken connection, never a store's error, in the stream.
      expect(unanswered.every((p) => p.answered === 0)).toBe(true);
      expect(unanswered.length).toBeGreaterThan(0);
      // What the dead store had kept of the posts it never answered (their answer was lost with it).
      reader = await openReader(fresh);
      const idsOf = (list: Post[]) => list.flatMap((p) => p.messages.map((m) => m.id));
      const keptUnanswered = await countKept(reader, idsOf(unanswered));
      const notApplied = await reader.all<{ n: number | string }>(
        'select count(*) as n from whatsapp_inbox where applied_at is null',
      );
      await reader.close();
      reader = undefined;

      const restartAt = Date.now();
      store = await startStore({ ...target, port });
      // WhatsApp's retries: every post not answered 200, and a few that were; then the rest of the stream.
      const retries = [...unanswered, ...tried.filter((p) => p.answered === 200).slice(0, 10)];
      const rest = posts.filter((p) => p.answered === null);
      for (const p of [...retries, ...rest]) {
        await post(p);
        expect(p.answered, `the restarted store answers ${p.messages[0]?.id}`).toBe(200);
      }

      reader = await openReader(fresh);
      const r = reader;
      const prefix = `wamid.REL${started}x%`;
      await until(
        'messages kept and applied',
        async () => {
          const [kept] = await r.all<{ n: number | string }>(
            'select count(*) as n from whatsapp_messages where wa_message_id like ?',
            [prefix],
          );
          const [pending] = await r.all<{ n: number | string }>(
            'select count(*) as n from whatsapp_inbox where applied_at is null',
          );
          return { kept: Number(kept?.n), pending: Number(pending?.n) };
        },
        (v) => v.kept >= all.length && v.pending === 0,
        120_000,
      );
      const keptMs = Date.now() - restartAt;
      // A voice note being fetched when the store died waits out its lease (2 min, media-fetch.ts).
      const voices = all.filter((m) => m.type === 'audio').length;
      await until(
        'voice notes fetched',
        async () =>
          r.all<{ media_state: string; n: number | string }>(
            'select media_state, count(*) as n from whatsapp_messages where wa_message_id like ? and media_id is not null group by media_state',
            [prefix],
          ),
        (rows) => rows.length === 1 && rows[0]?.media_state === 'stored' && Number(rows[0]?.n) === voices,
        240_000,
      );

      const rows = await r.all<{ wa_message_id: string; phone: string; type: string; body: string; direction: string }>(
        'select wa_message_id, phone, type, body, direction from whatsapp_messages where wa_message_id like ?',
        [prefix],
      );
      const conversations = await r.all<{ phone: string; unread: number | string }>(
        'select phone, unread from whatsapp_conversations where phone in (select phone from whatsapp_messages where wa_message_id like ?)',
        [prefix],
      );
      const stopped = await store.stop();
      expect(stopped.code, store.output()).toBe(0);

      // Exactly once: one row per message, as written, in its shopper's conversation.
      expect(rows).toHaveLength(all.length);
      const byId = new Map(rows.map((row) => [row.wa_message_id, row]));
      expect(byId.size).toBe(all.length);
      for (const m of all) {
        const row = byId.get(m.id);
        expect(row, m.id).toBeDefined();
        expect(row?.direction).toBe('in');
        expect(row?.type).toBe(m.type);
        expect(row?.body).toBe(m.body);
        expect(`91${row?.phone}`).toBe(m.from);
      }
      // And counted once: each conversation's unread is its number of messages (nobody read them).
      expect(conversations).toHaveLength(SHOPPERS);
      for (const c of conversations) {
        expect(Number(c.unread), c.phone).toBe(all.filter((m) => m.from === `91${c.phone}`).length);
      }

      recordFigures(`WhatsApp webhooks across a SIGKILL (${dialect})`, {
        'messages posted': all.length,
        'posts answered before the kill': tried.length - unanswered.length,
        'posts unanswered at the kill': unanswered.length,
        'of those, kept by the dead store': keptUnanswered,
        'kept but not applied at the kill': Number(notApplied[0]?.n),
        'restart to all kept (ms)': keptMs,
        'duration (s)': Math.round((Date.now() - started) / 1000),
      });
    },
  );
});

/** How many of these message ids the store kept (as webhook events, applied or not). */
async function countKept(reader: Reader, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await reader.all<{ n: number | string }>(
    `select count(*) as n from whatsapp_inbox where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return Number(row?.n);
}
