import { useState } from 'react';
import { COMPLAINT_ANSWER_HOURS } from '../../../common/complaint-rules.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import {
  type AdminComplaint,
  answerComplaintSchema,
  COMPLAINT_VIEWS,
  type ComplaintPage,
  type ComplaintView,
} from '../../../common/schemas/complaint.ts';
import { whatsappLink } from '../../../common/site.ts';
import { Message } from '../../components/message.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { Link } from '../../lib/router/index.ts';
import { QueuePage, useQueue } from '../queue-page.tsx';
import { answerComplaint, listComplaints } from './complaints-api.ts';
import './complaints.css';

const VIEW_LABEL: Record<ComplaintView, string> = { open: 'Open', answered: 'Answered', all: 'All' };

/**
 * Complaints (docs/product.md#contact): the grievance desk's tickets. Open ones come oldest
 * first, and those past 48 hours stand out; the owner calls or messages the
 * person, then marks the complaint answered with a note of what was done.
 */
export function ComplaintsPage() {
  const queue = useQueue({ key: 'admin:complaints', firstView: 'open' as ComplaintView, load: listComplaints });
  return (
    <QueuePage
      queue={queue}
      id="adm-complaints-title"
      title="Complaints"
      summary={
        queue.data && (
          <p className="adm-cmp-summary">
            {queue.data.openCount} open
            {queue.data.overdueCount > 0 && (
              <strong className="adm-cmp-late-count">
                {' · '}
                {queue.data.overdueCount} past {COMPLAINT_ANSWER_HOURS} hours
              </strong>
            )}
          </p>
        )
      }
      views={COMPLAINT_VIEWS.map((v) => [v, VIEW_LABEL[v]] as const)}
      items={(d: ComplaintPage) => d.items}
      pageCount={(d) => d.pageCount}
      empty={(view) => (view === 'open' ? 'No complaint is waiting.' : 'No complaints here yet.')}
      listClass="adm-cmp-list"
      pagerLabel="Complaint pages"
    >
      {(complaint) => (
        <ComplaintCard
          key={complaint.ticket}
          complaint={complaint}
          onAnswered={() => queue.changed(`Complaint ${complaint.ticket} is marked answered`)}
        />
      )}
    </QueuePage>
  );
}

function ComplaintCard({ complaint: c, onAnswered }: { complaint: AdminComplaint; onAnswered: () => void }) {
  const [answering, setAnswering] = useState(false);
  const titleId = `cmp-${c.ticket}`;
  return (
    <li className={`panel adm-cmp${c.overdue ? ' adm-cmp-late' : ''}`} aria-labelledby={titleId}>
      <div className="adm-cmp-head">
        <h2 id={titleId}>{c.ticket}</h2>
        {c.overdue && <span className="adm-cmp-badge">Past {COMPLAINT_ANSWER_HOURS} hours</span>}
        {c.answeredAt && <span className="adm-cmp-badge adm-cmp-badge-done">Answered</span>}
        <span className="adm-cmp-time">{formatDateTime(c.createdAt)}</span>
      </div>
      <p className="adm-cmp-who">
        <strong>{c.name}</strong>
        {' · '}
        <a href={`tel:+91${c.phone}`}>{c.phone}</a>
        {' · '}
        <a
          href={whatsappLink(`91${c.phone}`, `Hello ${c.name}, about your complaint ${c.ticket}: `)}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
        {c.orderNumber && (
          <>
            {' · Order '}
            <Link to={`/dashboard/orders?q=${encodeURIComponent(c.orderNumber)}`}>{c.orderNumber}</Link>
          </>
        )}
      </p>
      <p className="adm-cmp-message">{c.message}</p>
      {c.answeredAt ? (
        <p className="adm-cmp-answer">
          Answered {formatDateTime(c.answeredAt)}
          {c.answeredBy && ` by ${c.answeredBy}`}
          {c.answerNote && (
            <>
              : <span>{c.answerNote}</span>
            </>
          )}
        </p>
      ) : answering ? (
        <AnswerForm ticket={c.ticket} onDone={onAnswered} onCancel={() => setAnswering(false)} />
      ) : (
        <button type="button" className="btn" onClick={() => setAnswering(true)}>
          Mark answered
        </button>
      )}
    </li>
  );
}

function AnswerForm({ ticket, onDone, onCancel }: { ticket: string; onDone: () => void; onCancel: () => void }) {
  const form = useForm({
    id: `answer-${ticket}`,
    initial: { note: '' },
    check: (values) => answerComplaintSchema.safeParse(values),
    send: (data) => answerComplaint(ticket, data.note),
    defaultField: 'note',
    onSuccess: onDone,
  });
  return (
    <form className="adm-cmp-form" onSubmit={form.submit} noValidate>
      <TextAreaField
        label="What did you do? (optional, kept with the complaint)"
        rows={2}
        showError={false}
        {...form.field('note')}
      />
      <Message {...form.messageProps} />
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Mark {ticket} answered
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
