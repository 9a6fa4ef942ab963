/**
 * The owner's side of a conversation (issue 37; docs/whatsapp.md#the-inbox): a reply, "I am
 * replying", done, read. A reply is queued in the WhatsApp outbox (outbox.ts) in the transaction
 * that records it, so one written while WhatsApp is down waits there and goes once (the worker's
 * claims, decision 031); its status comes back on the outbox row from the status webhooks.
 *
 * Inside WhatsApp's 24-hour customer service window (from the shopper's last message) the reply is
 * free-form text; after it Meta refuses free text (error 131047), so the reply goes as the
 * inbox_reply utility template, the text folded to one line (templateParam). The reply goes to
 * the number that wrote (it proved itself by writing), and is not counted in WHATSAPP_DAILY_MAX:
 * that cap keeps strangers' typos from costing much, and this is the owner answering in person.
 */
import type { Transaction } from 'kysely';
import { TEMPLATE_REPLY_MAX } from '../../../../common/schemas/inbox.ts';
import { newId, nowIso } from '../../../db/ids.ts';
import type { Database, Db } from '../../../db/tables.ts';
import {
  fillBody,
  greetingName,
  templateParam,
  WHATSAPP_TEMPLATES,
  whatsappLanguage,
} from '../../whatsapp-templates.ts';
import type { WhatsAppContent } from '../graph-api.ts';
import { queueWhatsApp } from '../outbox.ts';
import { storableText } from './inbound.ts';
import { windowOf } from './thread-read.ts';

/** The admin's username (shown beside replies and "replying"). */
async function adminName(trx: Db | Transaction<Database>, adminId: string): Promise<string> {
  const row = await trx.selectFrom('admins').select('username').where('id', '=', adminId).executeTakeFirst();
  return row?.username ?? 'admin';
}

/** Queues the owner's reply; undefined when the number never wrote. */
export async function replyInConversation(
  db: Db,
  phone: string,
  adminId: string,
  text: string,
  now = Date.now(),
): Promise<{ sentAs: 'text' | 'template' } | undefined> {
  return db.transaction().execute(async (trx) => {
    const conv = await trx
      .selectFrom('whatsapp_conversations as c')
      .leftJoin('users', 'users.id', 'c.user_id')
      .select(['c.phone', 'c.wa_id', 'c.last_inbound_at', 'c.profile_name', 'users.name', 'users.language'])
      .where('c.phone', '=', phone)
      .executeTakeFirst();
    if (!conv) return undefined;
    const admin = await adminName(trx, adminId);
    const body = storableText(text, 4096);
    const language = whatsappLanguage(conv.language);
    const open = windowOf(conv.last_inbound_at, now).open;
    let content: WhatsAppContent;
    let preview: string;
    if (open) {
      content = { template: null, language, text: body };
      preview = body;
    } else {
      const t = WHATSAPP_TEMPLATES.inbox_reply;
      const params = [
        greetingName(conv.name || conv.profile_name || '', language),
        templateParam(body, TEMPLATE_REPLY_MAX),
      ];
      content = { template: t.name, language, body: params, buttons: [] };
      preview = fillBody(t.body[language], params);
    }
    const order = await trx
      .selectFrom('orders')
      .select('id')
      .where('user_phone', '=', phone)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const outboxId = await queueWhatsApp(trx, {
      kind: 'inbox-reply',
      to: `+${conv.wa_id}`,
      content,
      preview,
      orderId: order?.id ?? null,
    });
    const at = nowIso(now);
    await trx
      .insertInto('whatsapp_messages')
      .values({
        id: newId(),
        phone,
        direction: 'out',
        type: open ? 'reply' : 'template-reply',
        body: preview,
        order_id: order?.id ?? null,
        outbox_id: outboxId,
        admin,
        at,
        created_at: at,
      })
      .execute();
    await trx
      .updateTable('whatsapp_conversations')
      .set({ last_at: at, waiting_since: null, unread: 0, replying_admin: null, replying_at: null })
      .where('phone', '=', phone)
      .execute();
    return { sentAs: open ? ('text' as const) : ('template' as const) };
  });
}

/** Marks who opened the reply box (the other admin sees it); false when there is no such conversation. */
export async function markReplying(db: Db, phone: string, adminId: string): Promise<boolean> {
  const admin = await adminName(db, adminId);
  const r = await db
    .updateTable('whatsapp_conversations')
    .set({ replying_admin: admin, replying_at: nowIso() })
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Done, by either admin: nothing waits, nothing unread; a new message opens it again. */
export async function markDone(db: Db, phone: string, adminId: string): Promise<boolean> {
  const admin = await adminName(db, adminId);
  const r = await db
    .updateTable('whatsapp_conversations')
    .set({ done_at: nowIso(), done_by: admin, waiting_since: null, unread: 0, replying_admin: null, replying_at: null })
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function markRead(db: Db, phone: string): Promise<void> {
  await db
    .updateTable('whatsapp_conversations')
    .set({ unread: 0 })
    .where('phone', '=', phone)
    .where('unread', '>', 0)
    .execute();
}

/** The stored file of a message (its key and type), if it was kept. */
export async function mediaOf(db: Db, messageId: string) {
  return db
    .selectFrom('whatsapp_messages')
    .select(['media_key', 'media_type', 'type', 'details'])
    .where('id', '=', messageId)
    .where('media_state', '=', 'stored')
    .executeTakeFirst();
}
