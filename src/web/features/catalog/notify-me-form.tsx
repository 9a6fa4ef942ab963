/**
 * "Notify me" on an out-of-stock watch (docs/product.md#back-in-stock): a mobile number (one
 * WhatsApp message, when the shop has WhatsApp set up) or an email, no account needed; a logged-in
 * shopper's is filled in. One form per the one form pattern (docs/decisions/015-one-form-pattern.md).
 */
import { useState } from 'react';
import { backInStockApi } from '../../../common/back-in-stock-api.ts';
import { contactKind, notifyFormRules } from '../../../common/back-in-stock-rules.ts';
import type { NotifyMeReply } from '../../../common/schemas/back-in-stock.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { NOTIFY_PROOF_HINT } from '../../../common/whatsapp-proof.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { WhatsAppProofLink } from '../../components/whatsapp-proof.tsx';
import { call } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { site } from '../../lib/site.ts';
import { useSession } from '../accounts/session.tsx';
import '../../components/whatsapp-consent-box.css';
import './notify-me.css';

export function NotifyMeForm({ productId }: { productId: string }) {
  const { user } = useSession();
  // Remade when the session answers, so a logged-in shopper's contact is filled in.
  return <NotifyMe key={user?.id ?? 'visitor'} productId={productId} initial={user?.email || user?.number || ''} />;
}

function NotifyMe({ productId, initial }: { productId: string; initial: string }) {
  const whatsappOn = Boolean(site().whatsappUpdates);
  const [whatsapp, setWhatsapp] = useState(false);
  // The answer stays on the page (not a message that clears itself): it is what the visitor came for.
  const [done, setDone] = useState<NotifyMeReply | null>(null);
  const form = useForm({
    id: 'notify',
    initial: { contact: initial },
    check: (values) => checkForm(notifyFormRules(whatsappOn), values),
    send: (data) =>
      call(backInStockApi.request, {
        body: {
          productId,
          contact: data.contact,
          whatsapp: whatsappOn && contactKind(data.contact) === 'phone' && whatsapp,
        },
      }),
    onSuccess: (reply) => setDone(reply),
    defaultField: 'contact',
  });

  if (done) {
    return (
      <section className="notify-me panel" aria-labelledby="notify-title">
        <h2 id="notify-title">Tell me when it is back</h2>
        <p role="status" className="notify-me-done">
          {done.message}
        </p>
        {/* A number not proven yet: the message goes only once it sends this code (docs/whatsapp.md). */}
        {done.proof && <WhatsAppProofLink proven={false} proof={done.proof} hint={NOTIFY_PROOF_HINT} />}
      </section>
    );
  }
  return (
    <form className="notify-me panel" onSubmit={form.submit} noValidate aria-labelledby="notify-title">
      <h2 id="notify-title">Tell me when it is back</h2>
      <TextField
        label={whatsappOn ? 'Your mobile number or email' : 'Your email'}
        type={whatsappOn ? 'text' : 'email'}
        inputMode={whatsappOn ? 'text' : 'email'}
        autoComplete={whatsappOn ? 'on' : 'email'}
        hint={
          whatsappOn
            ? 'We send one message, on WhatsApp to a number or by email, when this watch is back. Nothing else.'
            : 'We send one email when this watch is back. Nothing else.'
        }
        {...form.field('contact')}
      />
      {whatsappOn && (
        <div className="wa-consent">
          <input
            id="notify-whatsapp"
            type="checkbox"
            checked={whatsapp}
            disabled={form.busy}
            aria-describedby="notify-whatsapp-hint"
            onChange={(e) => setWhatsapp(e.target.checked)}
          />
          <label htmlFor="notify-whatsapp">Send it to my number on WhatsApp</label>
          <p id="notify-whatsapp-hint" className="wa-consent-hint">
            Needed for a mobile number: one WhatsApp message about this watch. Reply STOP to cancel it.
          </p>
        </div>
      )}
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        Notify me
      </button>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}
