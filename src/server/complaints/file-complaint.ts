/**
 * Filing a complaint from /contact (docs/product.md#contact): one transaction gives the
 * ticket number, stores the complaint and queues the owner's mail. Anyone may
 * file one, so each address may file a few an hour (a slot of a database
 * limit, auth/rate-limit.ts, so every app process counts the same).
 */
import { addressKey, giveBack, type Limit, takeSlots } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import type { Db } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';
import { queueOwnerComplaintWhatsApp } from '../notifications/whatsapp/owner-messages.ts';
import { complaintAnswerBy, queueComplaintMail } from './mail.ts';
import { insertComplaint, type NewComplaint } from './queries.ts';

/** Complaints one address may file in an hour. */
export const COMPLAINTS_PER_ADDRESS = 5;
export const TOO_MANY_COMPLAINTS =
  'We have several complaints from you in the last hour. Please wait an hour, or call or message us.';

export async function fileComplaint(db: Db, config: Config, input: NewComplaint, ip: string) {
  const limit: Limit = { key: `complaint@${addressKey(ip)}`, max: COMPLAINTS_PER_ADDRESS, windowMs: 60 * 60_000 };
  if (await takeSlots(db, [limit])) throw new AppError(429, 'too_many_attempts', TOO_MANY_COMPLAINTS);
  try {
    const complaint = await writeTransaction(db, async (trx) => {
      const row = await insertComplaint(trx, input);
      await queueComplaintMail(trx, config, row);
      await queueOwnerComplaintWhatsApp(trx, config, {
        ticket: row.ticket,
        name: row.name,
        phone: row.phone,
        message: row.message,
        answerBy: complaintAnswerBy(row.created_at),
      });
      return row;
    });
    return { ticket: complaint.ticket, createdAt: complaint.created_at };
  } catch (err) {
    // Not filed after all: the slot was never used.
    await giveBack(db, [limit.key]);
    throw err;
  }
}
