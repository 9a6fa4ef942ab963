/**
 * The owner's mail about a new complaint (docs/product.md#contact), queued in the
 * complaint's own transaction (docs/decisions/014-outbox.md): it exists exactly
 * when the ticket does.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { COMPLAINT_ANSWER_HOURS } from '../../common/complaint-rules.ts';
import { ADMIN_PAGE } from '../../common/page-paths.ts';
import { type Config, publicBase } from '../config.ts';
import type { ComplaintsTable, Database } from '../db/tables.ts';
import { escapeHtml } from '../http/html.ts';
import { mailHtml, mailText } from '../notifications/mail-layout.ts';
import { indiaDateTime } from '../notifications/order-mail.ts';
import { queueMail } from '../notifications/outbox.ts';

export type ComplaintFacts = Pick<
  Selectable<ComplaintsTable>,
  'ticket' | 'name' | 'phone' | 'order_number' | 'message' | 'created_at'
>;

/** When a complaint received at `createdAt` must be acknowledged by, in India time. */
export function complaintAnswerBy(createdAt: string): string {
  return indiaDateTime(new Date(Date.parse(createdAt) + COMPLAINT_ANSWER_HOURS * 3_600_000).toISOString());
}

export function composeComplaintMail(c: ComplaintFacts, config: Config) {
  const base = publicBase(config);
  const link = `${base}${ADMIN_PAGE.complaints}`;
  const received = indiaDateTime(c.created_at);
  const answerBy = complaintAnswerBy(c.created_at);
  const facts: Array<[string, string]> = [
    ['Ticket', c.ticket],
    ['From', c.name],
    ['Phone', c.phone],
    ['Order', c.order_number ?? 'not given'],
    ['Received', received],
    ['Answer by', answerBy],
  ];
  const intro = `A complaint came in through the contact page. The E-Commerce Rules ask us to acknowledge it within ${COMPLAINT_ANSWER_HOURS} hours: call or message ${c.name}, then mark it answered in the dashboard.`;
  const text = mailText(
    [
      intro,
      '',
      ...facts.map(([k, v]) => `${k}: ${v}`),
      '',
      c.message,
      '',
      `Open the complaints in your dashboard: ${link}`,
    ],
    config.shop,
    'name',
  );
  const e = escapeHtml;
  const html = mailHtml(
    [
      `<p>${e(intro)}</p>`,
      '<table>',
      ...facts.map(([k, v]) => `<tr><th>${e(k)}</th><td>${e(v)}</td></tr>`),
      '</table>',
      `<p class="m">${e(c.message)}</p>`,
      `<p><a href="${e(link)}">Open the complaints in your dashboard</a></p>`,
    ],
    config.shop,
    'name',
  );
  return { subject: `Complaint ${c.ticket} from ${c.name}: please answer by ${answerBy}`, text, html };
}

export async function queueComplaintMail(
  trx: Kysely<Database> | Transaction<Database>,
  config: Config,
  complaint: ComplaintFacts,
): Promise<void> {
  await queueMail(trx, { kind: 'complaint', to: config.ownerEmail, ...composeComplaintMail(complaint, config) });
}
