import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../common/india-time.ts';
import { formatRupees } from '../../../common/money.ts';
import { orderStatusLabel } from '../../../common/orders.ts';
import {
  type ConversationSummary,
  inboxReplyInputSchema,
  REPLY_TEXT_MAX,
  TEMPLATE_REPLY_MAX,
  type Thread,
  type ThreadItem,
} from '../../../common/schemas/inbox.ts';
import { stepRule } from '../../../common/shipments.ts';
import { LoadError } from '../../components/load-error.tsx';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { Link, useParams } from '../../lib/router/index.ts';
import { invalidate, useResource } from '../../lib/use-resource.ts';
import { listConversations, markDone, markReplying, mediaUrl, readThread, sendReply } from './inbox-api.ts';
import './inbox.css';

/**
 * INBOX (issue 37; docs/whatsapp.md#the-inbox): the shop's WhatsApp conversations newest first,
 * unread in bold, found by phone, order number or name; a conversation beside its orders' facts.
 * Every word a shopper wrote is rendered as text (React escapes it); a link they sent stays plain
 * text, never a live link.
 */
export function InboxPage() {
  const { phone } = useParams();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const list = useResource(`admin:inbox:${search}`, (signal) => listConversations(search, signal));
  return (
    <section aria-labelledby="adm-inbox-title" className="adm-inbox">
      <div className="adm-heading">
        <h1 id="adm-inbox-title">Inbox</h1>
        {list.data && (
          <p>
            {list.data.waiting === 1
              ? '1 conversation waits for an answer'
              : `${list.data.waiting} conversations wait for an answer`}
          </p>
        )}
      </div>
      <div className={`adm-inbox-grid${phone ? ' adm-inbox-open' : ''}`}>
        <div className="adm-inbox-list panel">
          <form
            aria-label="Find a conversation"
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(q.trim());
            }}
          >
            <label htmlFor="adm-inbox-q">Phone, order number or name</label>
            <div className="adm-inbox-search">
              <input id="adm-inbox-q" type="search" value={q} maxLength={80} onChange={(e) => setQ(e.target.value)} />
              <button type="submit" className="btn">
                Find
              </button>
            </div>
          </form>
          <LoadError message={list.error} onRetry={list.reload} />
          <LoaderOverlay active={list.loading && !list.data} />
          {list.data && list.data.conversations.length === 0 && <p className="adm-empty">No conversation yet.</p>}
          <ul aria-label="Conversations">
            {list.data?.conversations.map((c) => (
              <ConversationRow key={c.phone} c={c} current={c.phone === phone} />
            ))}
          </ul>
        </div>
        {phone ? (
          <ThreadView key={phone} phone={phone} onChanged={() => invalidate('admin:')} />
        ) : (
          <p className="adm-inbox-pick">Choose a conversation.</p>
        )}
      </div>
    </section>
  );
}

function ConversationRow({ c, current }: { c: ConversationSummary; current: boolean }) {
  return (
    <li className={`adm-inbox-row${c.unread > 0 ? ' adm-inbox-unread' : ''}${current ? ' adm-inbox-current' : ''}`}>
      <Link to={`/dashboard/inbox/${c.phone}`} aria-current={current ? 'page' : undefined}>
        <span className="adm-inbox-who">
          {c.name ?? c.phone}
          {c.unread > 0 && <span className="adm-inbox-badge">{c.unread} unread</span>}
          {c.cancelled && <span className="adm-inbox-badge adm-inbox-badge-cancel">Cancelled on WhatsApp</span>}
        </span>
        <span className="adm-inbox-meta">
          {c.phone} · {formatDateTime(c.lastAt)}
          {c.waitingSince && ' · waiting'}
          {c.done && ' · done'}
          {c.replying && ` · ${c.replying} is replying`}
        </span>
        <span className="adm-inbox-preview">{c.preview}</span>
      </Link>
    </li>
  );
}

function timeLeft(closesAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(closesAt) - Date.now()) / 60_000));
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

function ThreadView({ phone, onChanged }: { phone: string; onChanged: () => void }) {
  const thread = useResource(`admin:inbox-thread:${phone}`, (signal) => readThread(phone, signal));
  const [notice, setNotice] = useState<string | null>(null);
  const told = useRef(false);
  const items = useRef<HTMLOListElement>(null);
  const t = thread.data;
  // A thread opens at its newest message, and stays there when a reply or a new message comes, and
  // when a message grows after it is shown (a photo, a voice note's player: watched for their size,
  // since a picture that came from the cache may have loaded before this effect could hear it), until
  // the owner scrolls up to read; back at the end, it follows again.
  const newest = t?.items.at(-1)?.id;
  useEffect(() => {
    const list = items.current;
    if (!newest || !list) return;
    const toEnd = () => {
      list.scrollTop = list.scrollHeight;
    };
    let following = true;
    let lastTop = list.scrollTop;
    const onScroll = () => {
      const top = list.scrollTop;
      // Only the owner moves it up: growth above the view moves it down, growth below not at all.
      if (top < lastTop - 1) following = false;
      if (top + list.clientHeight >= list.scrollHeight - 24) following = true;
      lastTop = top;
    };
    const grown = new ResizeObserver(() => {
      if (following) toEnd();
    });
    for (const message of list.children) grown.observe(message);
    toEnd();
    list.addEventListener('scroll', onScroll);
    return () => {
      grown.disconnect();
      list.removeEventListener('scroll', onScroll);
    };
  }, [newest]);
  const form = useForm({
    id: 'inbox-reply',
    initial: { text: '' },
    check: (values) => inboxReplyInputSchema.safeParse(values),
    send: (data) => sendReply(phone, data.text),
    defaultField: 'text',
    reset: true,
    success: (r) =>
      r.sentAs === 'text'
        ? 'Reply queued: it goes on WhatsApp now.'
        : 'Reply queued as the “reply to your message” template.',
    onSuccess: (r) => {
      thread.set(r.thread);
      told.current = false;
      onChanged();
    },
  });
  async function onDone() {
    try {
      thread.set(await markDone(phone));
      setNotice('Marked done.');
      onChanged();
    } catch (err) {
      setNotice(errorMessage(err));
    }
  }
  /** The other admin sees who is replying; told once per reply. */
  function onStartReply() {
    if (told.current) return;
    told.current = true;
    markReplying(phone).catch(() => {
      told.current = false;
    });
  }
  return (
    <div className="adm-inbox-thread">
      <LoadError message={thread.error} onRetry={thread.reload} />
      <LoaderOverlay active={thread.loading && !t} />
      {t && (
        <>
          <div className="panel adm-inbox-head">
            <h2>
              {t.name ?? t.profileName ?? t.phone} <span className="adm-inbox-meta">{t.phone}</span>
            </h2>
            {t.profileName && t.name && <p className="adm-inbox-meta">On WhatsApp: {t.profileName}</p>}
            {!t.hasAccount && <p className="adm-inbox-meta">No account has this number.</p>}
            {t.replying && <p className="adm-inbox-replying">{t.replying} is replying</p>}
            {t.doneAt && (
              <p className="adm-inbox-meta">
                Done by {t.doneBy} on {formatDateTime(t.doneAt)}
              </p>
            )}
            <div className="adm-inbox-actions">
              <Link to="/dashboard/inbox" className="btn adm-inbox-back">
                All conversations
              </Link>
              <button type="button" className="btn" onClick={onDone}>
                Mark done
              </button>
            </div>
            <Message text={notice} tone="success" onClose={() => setNotice(null)} />
          </div>
          <div className="adm-inbox-body">
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the thread scrolls, so it must take the keyboard's focus (WCAG 2.1.1, axe scrollable-region-focusable). */}
            <ol ref={items} className="panel adm-inbox-items" aria-label="Messages" tabIndex={0}>
              {t.items.map((item) => (
                <ItemRow key={item.id} item={item} />
              ))}
            </ol>
            {/* The reply right under the messages, the orders' facts after it (beside both on a wide screen): on a phone the owner answers without scrolling past every order. */}
            <form className="panel adm-inbox-reply" onSubmit={form.submit} noValidate aria-label="Reply">
              {t.window.open && t.window.closesAt ? (
                <p className="adm-inbox-window">
                  WhatsApp’s 24-hour window is open for {timeLeft(t.window.closesAt)} more (from the shopper’s last
                  message): your reply goes as written.
                </p>
              ) : (
                <p className="adm-inbox-window adm-inbox-window-closed">
                  The shopper last wrote more than 24 hours ago, so WhatsApp allows only an approved template now: your
                  reply goes inside the “reply to your message” template, as one line of at most {TEMPLATE_REPLY_MAX}{' '}
                  characters.
                </p>
              )}
              <TextAreaField
                label={t.window.open ? 'Your reply' : 'Your reply (sent in the template)'}
                rows={4}
                maxLength={t.window.open ? REPLY_TEXT_MAX : TEMPLATE_REPLY_MAX}
                onFocus={onStartReply}
                {...form.field('text')}
              />
              {t.quickAnswers.length > 0 && (
                <fieldset className="adm-inbox-quick" aria-label="Quick answers">
                  {t.quickAnswers.map((qa) => (
                    <button
                      key={qa.label}
                      type="button"
                      className="btn"
                      onClick={() => form.update((v) => ({ ...v, text: v.text ? `${v.text}\n${qa.text}` : qa.text }))}
                    >
                      {qa.label}
                    </button>
                  ))}
                </fieldset>
              )}
              <Message {...form.messageProps} />
              <button type="submit" className="btn btn-gold" disabled={form.busy}>
                {t.window.open ? 'Send reply' : 'Send as template'}
              </button>
            </form>
            <OrderFacts thread={t} />
          </div>
        </>
      )}
    </div>
  );
}

const STATUS_WORDS: Record<string, string> = {
  queued: 'Waiting to go',
  accepted: 'Sent to WhatsApp',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

function ItemRow({ item }: { item: ThreadItem }) {
  const who =
    item.direction === 'in'
      ? 'Shopper'
      : item.direction === 'out'
        ? `Reply by ${item.admin ?? 'admin'}`
        : item.direction === 'store'
          ? 'The store’s message'
          : 'Event';
  return (
    <li className={`adm-inbox-item adm-inbox-${item.direction}`}>
      <span className="adm-inbox-meta">
        {who} · {formatDateTime(item.at)}
        {item.orderNumber && ` · ${item.orderNumber}`}
        {item.direction === 'store' && item.extra && ` · ${item.extra}`}
      </span>
      {item.media && <MediaPart item={item} />}
      {item.body && <p className="adm-inbox-text">{item.body}</p>}
      {item.direction !== 'store' && item.extra && <p className="adm-inbox-meta">{item.extra}</p>}
      {item.status && (
        <span className={`adm-inbox-status adm-inbox-status-${item.status}`}>
          {STATUS_WORDS[item.status] ?? item.status}
          {item.statusError && `: ${item.statusError}`}
        </span>
      )}
    </li>
  );
}

function MediaPart({ item }: { item: ThreadItem }) {
  const m = item.media;
  if (!m) return null;
  if (m.state === 'pending') return <p className="adm-inbox-meta">Fetching the {item.type} from WhatsApp…</p>;
  if (m.state === 'refused')
    return (
      <p className="adm-inbox-refused">
        The {item.type} was {m.error ?? 'not kept'}
      </p>
    );
  const url = mediaUrl(item.id);
  if (item.type === 'image' || item.type === 'sticker')
    return <img className="adm-inbox-img" src={url} alt={item.body || 'A photo the shopper sent'} loading="lazy" />;
  if (item.type === 'audio')
    // biome-ignore lint/a11y/useMediaCaption: a shopper's voice note has no captions to give.
    return <audio controls preload="none" src={url} aria-label="Voice note from the shopper" />;
  return (
    <a href={url} download>
      Download the {item.type}
    </a>
  );
}

function OrderFacts({ thread }: { thread: Thread }) {
  if (thread.orders.length === 0)
    return (
      <aside className="panel adm-inbox-orders" aria-label="Orders">
        <p className="adm-empty">No order from this number.</p>
      </aside>
    );
  return (
    <aside className="panel adm-inbox-orders" aria-label="Orders">
      <h3>Orders</h3>
      <ul>
        {thread.orders.map((o) => (
          <li key={o.number}>
            <Link to={`/dashboard/orders?q=${encodeURIComponent(o.number)}`}>{o.number}</Link> ·{' '}
            {orderStatusLabel(o.status, true)} · {formatDateTime(o.createdAt)}
            <dl>
              <dt>Total</dt>
              <dd>{formatRupees(o.total)}</dd>
              <dt>Advance</dt>
              <dd>
                {formatRupees(o.advance)} ({o.advanceState}
                {o.dueNow > 0 ? `, ${formatRupees(o.dueNow)} still to pay` : ''})
              </dd>
              <dt>On delivery</dt>
              <dd>{formatRupees(o.onDelivery)}</dd>
              {o.parcel && (
                <>
                  <dt>Parcel</dt>
                  <dd>
                    {o.parcel.courierName} {o.parcel.awb ?? ''} · {stepRule(o.parcel.step).ownerLabel}
                    {o.parcel.scanText &&
                      ` · ${o.parcel.scanText}${o.parcel.scanLocation ? `, ${o.parcel.scanLocation}` : ''}${o.parcel.scanAt ? ` (${formatDateTime(o.parcel.scanAt)})` : ''}`}
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </aside>
  );
}
