import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../common/india-time.ts';
import { RESET_LINK_MINUTES, resetLinkText } from '../../../common/password-reset.ts';
import { type AdminShopper, type ResetLink, shopperLookupQuerySchema } from '../../../common/schemas/account-rights.ts';
import { whatsappLink } from '../../../common/site.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { site } from '../../lib/site.ts';
import { findShoppers, makeResetLink } from './shoppers-api.ts';
import './shoppers.css';

/**
 * Shoppers (docs/product.md#admin-shoppers): find a shopper by the number that wrote on
 * WhatsApp, and make them a one-time password link to send back to that
 * number. The lookup by phone is the point: the link goes only to the number
 * the account holds, which is what proves the person asking owns it.
 */
export function ShoppersPage() {
  const [found, setFound] = useState<AdminShopper[] | null>(null);
  const form = useForm({
    id: 'shopper-lookup',
    initial: { phone: '' },
    check: (values) => shopperLookupQuerySchema.safeParse(values),
    send: (data) => findShoppers(data.phone),
    defaultField: 'phone',
    onSuccess: (result) => setFound(result.shoppers),
  });
  return (
    <section aria-labelledby="adm-shoppers-title">
      <div className="adm-heading">
        <h1 id="adm-shoppers-title">Shoppers</h1>
      </div>
      <form className="panel adm-shp-search" onSubmit={form.submit} noValidate aria-label="Find a shopper">
        <TextField
          label="Phone number (or its first digits)"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          hint="Type the number the shopper wrote from on WhatsApp."
          addon={
            <button type="submit" className="btn btn-gold" disabled={form.busy}>
              Find
            </button>
          }
          showError={false}
          {...form.field('phone')}
        />
        <Message {...form.messageProps} />
      </form>
      <LoaderOverlay active={form.busy} label="Looking up…" />
      {found && found.length === 0 && <p className="adm-empty">No shopper has a number starting with these digits.</p>}
      {found && found.length > 0 && (
        <ul className="adm-shp-list">
          {found.map((s) => (
            <ShopperCard key={s.id} shopper={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ShopperCard({ shopper: s }: { shopper: AdminShopper }) {
  const [link, setLink] = useState<ResetLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onMake() {
    setBusy(true);
    setError(null);
    try {
      setLink(await makeResetLink(s.id));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const titleId = `shp-${s.id}`;
  return (
    <li className="panel adm-shp" aria-labelledby={titleId}>
      <h2 id={titleId}>{s.name}</h2>
      <dl className="adm-shp-facts">
        <dt>Phone</dt>
        <dd>{s.number}</dd>
        <dt>Email</dt>
        <dd>{s.email || '—'}</dd>
        <dt>Shopper since</dt>
        <dd>{formatDate(s.createdAt)}</dd>
        <dt>Orders</dt>
        <dd>
          {s.orderCount}
          {s.lastOrderAt && ` (last ${formatDate(s.lastOrderAt)})`}
        </dd>
      </dl>
      <Message text={error} onClose={() => setError(null)} />
      {link ? (
        <ResetLinkPanel link={link} />
      ) : (
        <>
          <p className="adm-shp-note">
            Make a password link only when the request came on WhatsApp from <strong>{s.number}</strong>: the link lets
            whoever holds it set this account’s password.
          </p>
          <button type="button" className="btn" onClick={onMake} disabled={busy}>
            Make a password link
          </button>
        </>
      )}
      <LoaderOverlay active={busy} label="Making the link…" />
    </li>
  );
}

function ResetLinkPanel({ link }: { link: ResetLink }) {
  const [copied, setCopied] = useState<string | null>(null);
  const inputId = `reset-link-${link.number}`;
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(link.link);
      setCopied('Link copied');
    } catch {
      // No clipboard (plain http, an old browser): the link is selected for a manual copy.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopied('Press Ctrl+C (or long-press) to copy the selected link');
    }
  }
  return (
    <div className="adm-shp-link">
      <TextField
        id={inputId}
        label={`One-time link, works for ${RESET_LINK_MINUTES} minutes (until ${formatDateTime(link.expiresAt)})`}
        value={link.link}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        addon={
          <button type="button" className="btn" onClick={onCopy}>
            Copy
          </button>
        }
      />
      <Message text={copied} tone="success" onClose={() => setCopied(null)} />
      <p className="adm-actions">
        <a
          className="btn btn-gold"
          href={whatsappLink(`91${link.number}`, resetLinkText(site().name, link.link))}
          target="_blank"
          rel="noopener noreferrer"
        >
          Send on WhatsApp to {link.number}
        </a>
      </p>
      <p className="adm-shp-note">Making another link ends this one. The link is shown once: it is not kept.</p>
    </div>
  );
}
