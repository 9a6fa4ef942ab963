/**
 * One summary to the owner when shoppers' messages wait (issue 37; docs/whatsapp.md#the-inbox):
 * a conversation whose oldest unanswered message has waited longer than INBOX_WAIT_MINUTES of
 * shop hours (SHOP_HOURS, India time) is told of once, in one WhatsApp message to OWNER_WHATSAPP
 * and one mail to OWNER_EMAIL that list every such conversation. "Once" is kept in the database:
 * the transaction marks each conversation's wait (alerted_for = waiting_since) and queues the two
 * messages only for the conversations it marked, so a second pass, or a second process, finds none.
 * A new wait (after a reply, or the conversation marked done) may be told of again.
 */
import { ADMIN_PAGE } from '../../../../common/page-paths.ts';
import { type Config, publicBase } from '../../../config.ts';
import { nowIso } from '../../../db/ids.ts';
import type { Db } from '../../../db/tables.ts';
import { escapeHtml } from '../../../http/html.ts';
import { mailHtml, mailText } from '../../mail-layout.ts';
import { queueMail } from '../../outbox.ts';
import { templateParam } from '../../whatsapp-templates.ts';
import { queueOwnerWhatsApp } from '../owner-messages.ts';

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Milliseconds of shop hours between `from` and `to` (India has no daylight saving: a fixed offset). */
export function shopHoursBetween(from: number, to: number, hours: { open: number; close: number }): number {
  if (to <= from) return 0;
  let total = 0;
  // Each India day from the one `from` falls in to the one `to` falls in.
  const firstDay = Math.floor((from + IST_OFFSET_MS) / DAY_MS);
  const lastDay = Math.floor((to + IST_OFFSET_MS) / DAY_MS);
  for (let day = firstDay; day <= lastDay; day += 1) {
    const open = day * DAY_MS - IST_OFFSET_MS + hours.open * 60_000;
    const close = day * DAY_MS - IST_OFFSET_MS + hours.close * 60_000;
    total += Math.max(0, Math.min(close, to) - Math.max(open, from));
  }
  return total;
}

function waitWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
}

/** Sends the summary if a conversation has waited too long and was not told of; true when queued. */
export async function queueWaitingSummary(db: Db, config: Config, now = Date.now()): Promise<boolean> {
  const settings = config.whatsapp;
  if (!settings) return false;
  const limitMs = settings.inboxWaitMinutes * 60_000;
  const candidates = await db
    .selectFrom('whatsapp_conversations')
    .leftJoin('users', 'users.id', 'whatsapp_conversations.user_id')
    .select([
      'whatsapp_conversations.phone',
      'whatsapp_conversations.waiting_since',
      'whatsapp_conversations.alerted_for',
      'whatsapp_conversations.profile_name',
      'users.name',
    ])
    .where('whatsapp_conversations.waiting_since', 'is not', null)
    .where('whatsapp_conversations.waiting_since', '<=', nowIso(now - limitMs))
    .orderBy('whatsapp_conversations.waiting_since')
    .limit(200)
    .execute();
  const late = candidates.filter(
    (c) =>
      c.alerted_for !== c.waiting_since &&
      shopHoursBetween(Date.parse(String(c.waiting_since)), now, settings.shopHours) >= limitMs,
  );
  if (late.length === 0) return false;
  return db.transaction().execute(async (trx) => {
    const marked: typeof late = [];
    for (const c of late) {
      const done = await trx
        .updateTable('whatsapp_conversations')
        .set({ alerted_for: c.waiting_since })
        .where('phone', '=', c.phone)
        .where('waiting_since', '=', c.waiting_since)
        .where((eb) => eb.or([eb('alerted_for', 'is', null), eb('alerted_for', '!=', String(c.waiting_since))]))
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) > 0) marked.push(c);
    }
    if (marked.length === 0) return false;
    const longest = waitWords(now - Date.parse(String(marked[0]?.waiting_since)));
    // Shopper-typed names reach the owner's phone and mail: one plain line each (templateParam, escapeHtml).
    const who = marked.map((c) => `${templateParam(c.name || c.profile_name || 'unknown', 40)} (${c.phone})`);
    const link = `${publicBase(config)}${ADMIN_PAGE.inbox}`;
    await queueOwnerWhatsApp(
      trx,
      config,
      'owner-inbox-waiting',
      [String(marked.length), longest, who.join(', '), link],
      null,
    );
    const subject = `${marked.length} WhatsApp ${marked.length === 1 ? 'conversation is' : 'conversations are'} waiting for an answer`;
    const lines = [
      `${subject}, the longest for ${longest}:`,
      ...who.map((w) => `- ${w}`),
      '',
      `Answer them in the inbox: ${link}`,
    ];
    await queueMail(trx, {
      kind: 'owner-inbox-waiting',
      to: config.ownerEmail,
      subject,
      text: mailText(lines, config.shop, 'name'),
      html: mailHtml(
        [
          `<p>${escapeHtml(`${subject}, the longest for ${longest}:`)}</p>`,
          `<ul>${who.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>`,
          `<p>Answer them in the inbox: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
        ],
        config.shop,
        'name',
      ),
    });
    return true;
  });
}
