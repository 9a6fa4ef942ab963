/**
 * Deleting an account (docs/product.md#account-rights; DPDP Act 2023 s.12), confirmed with
 * the password. What is removed and what the tax records keep is listed in
 * docs/privacy.md; in short:
 * - removed: name, email, addresses, password, sessions, cart, reset links,
 *   viewed watches, the shopper's name and number on WhatsApp leads the site
 *   recorded, the addresses they logged in from, and the copies of mail sent
 *   to them about their orders;
 * - kept: the orders, each with the buyer's name, phone and delivery address
 *   as placed (an invoice must show them: CGST Rules, rule 46), for the
 *   record-keeping period;
 * - the row stays (orders point at it), marked deleted, with its phone set to
 *   'deleted:{id}': unique, never a real number, so the number can sign up again.
 */
import { PASSWORD_MESSAGES } from '../../common/password-change-rules.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { unauthorized } from '../http/errors.ts';
import { confirmOwnPassword } from './password-check.ts';

/** The phone an erased account holds instead of its number. */
export function erasedPhone(userId: string): string {
  return `deleted:${userId}`;
}

export async function eraseAccount(db: Db, userId: string, password: string, now = Date.now()): Promise<void> {
  await confirmOwnPassword(db, userId, password, 'password', PASSWORD_MESSAGES.wrong);
  await writeTransaction(db, async (trx) => {
    // Taking the row's write lock first (as checkout does) serialises this with
    // a checkout of the same shopper in flight.
    const user = await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning(['name', 'phone', 'email'])
      .executeTakeFirst();
    if (!user) throw unauthorized();
    // The invoice's buyer name: orders placed before it was recorded at checkout take the account's name now.
    await trx
      .updateTable('orders')
      .set({ buyer_name: user.name })
      .where('user_id', '=', userId)
      .where('buyer_name', '=', '')
      .execute();
    await trx.deleteFrom('cart_items').where('user_id', '=', userId).execute();
    await trx.deleteFrom('product_views').where('user_id', '=', userId).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await endSessionsOf(trx, 'user', userId);
    // The addresses the number logged in from (auth/login-limits.ts): personal data with no use left.
    await trx.deleteFrom('login_addresses').where('account', '=', `shopper:${user.phone}`).execute();
    // WhatsApp clicks the site recorded under the account (leads/public-routes.ts); leads the owner typed in stay.
    await trx
      .updateTable('leads')
      .set({ customer: 'Website visitor', phone: '' })
      .where('platform', '=', 'whatsapp')
      .where('created_by', 'is', null)
      .where('phone', '=', user.phone)
      .execute();
    if (user.email !== '') {
      // Mail to them about their orders, sent or waiting: the orders keep the facts, the copies go.
      await trx
        .deleteFrom('outbox')
        .where('to_address', '=', user.email)
        .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', userId))
        .execute();
    }
    await trx
      .updateTable('users')
      .set({
        name: '',
        email: '',
        addresses: '[]',
        password_hash: '',
        phone: erasedPhone(userId),
        deleted_at: nowIso(now),
        updated_at: nowIso(now),
      })
      .where('id', '=', userId)
      .execute();
  });
}
