import { useState } from 'react';
import { COMPLAINT_ANSWER_HOURS, COMPLAINT_MESSAGE_MAX, COMPLAINT_RULES } from '../../../common/complaint-rules.ts';
import type { ComplaintCreated } from '../../../common/schemas/complaint.ts';
import { whatsappLink } from '../../../common/site.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { PHONE_INPUT, TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { site } from '../../lib/site.ts';
import { useShownResult } from '../../lib/use-shown-result.ts';
import { useSession } from '../accounts/session.tsx';
import { fileComplaint } from './contact-api.ts';

/**
 * The complaint form of /contact (docs/product.md#contact): name, phone, an optional order
 * number and the complaint. The answer is a ticket number to quote.
 */
export function ComplaintForm() {
  const { user } = useSession();
  const [ticket, setTicket] = useState<ComplaintCreated | null>(null);
  const form = useForm({
    id: 'complaint',
    // A logged-in shopper's name and number are filled in; they may change them.
    initial: () => ({ name: user?.name ?? '', phone: user?.number ?? '', orderNumber: '', message: '' }),
    check: (values) => checkForm(COMPLAINT_RULES, values),
    send: (data) => fileComplaint(data),
    reset: true,
    onSuccess: (created) => setTicket(created),
  });

  if (ticket) return <TicketIssued ticket={ticket.ticket} onAnother={() => setTicket(null)} />;
  return (
    <form className="panel contact-form" onSubmit={form.submit} noValidate aria-labelledby="complaint-title">
      <h2 id="complaint-title">Make a complaint</h2>
      <p>
        Tell us what went wrong. You get a ticket number at once; we reply within {COMPLAINT_ANSWER_HOURS} hours and
        resolve every complaint within one month.
      </p>
      <TextField label="Your name" autoComplete="name" showError={false} {...form.field('name')} />
      <TextField
        label="Phone number"
        {...PHONE_INPUT}
        hint="We call or message you on this number."
        showError={false}
        {...form.field('phone')}
      />
      <TextField
        label="Order number (optional)"
        autoComplete="off"
        autoCapitalize="characters"
        hint="As on your order, such as TSW-10427."
        showError={false}
        {...form.field('orderNumber')}
      />
      <TextAreaField
        label="What went wrong?"
        rows={5}
        maxLength={COMPLAINT_MESSAGE_MAX}
        showError={false}
        {...form.field('message')}
      />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        Send complaint
      </button>
      <LoaderOverlay active={form.busy} label="Sending your complaint…" />
    </form>
  );
}

function TicketIssued({ ticket, onAnother }: { ticket: string; onAnother: () => void }) {
  const shop = site();
  const heading = useShownResult<HTMLHeadingElement>();
  return (
    <section className="panel contact-form contact-ticket" aria-labelledby="ticket-title">
      <h2 id="ticket-title" className="result-heading" tabIndex={-1} ref={heading}>
        We have your complaint
      </h2>
      <p role="status">
        Your ticket number is <strong className="contact-ticket-number">{ticket}</strong>
      </p>
      <p>
        Please keep it and quote it when you call or message us. Our grievance officer replies within{' '}
        {COMPLAINT_ANSWER_HOURS} hours and resolves it within one month.
      </p>
      <p className="account-actions">
        <a
          className="btn btn-gold"
          href={whatsappLink(shop.whatsapp, `Hello! About my complaint ${ticket}:`)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {/* One flex item: the button's gap must not split the words from the number. */}
          <span>
            Message us about <span className="contact-nowrap">{ticket}</span>
          </span>
        </a>
        <button type="button" className="btn btn-ghost" onClick={onAnother}>
          Make another complaint
        </button>
      </p>
    </section>
  );
}
