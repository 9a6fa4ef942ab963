/**
 * Writes of a shopper's own users row from the account routes: the sign-up (the row and the
 * visitor cart merged in one transaction), the profile edit and an added delivery address.
 * A taken phone number fails on the unique index; the routes turn that into their 409.
 */
import type { ProfileInput, SignupInput } from '../../common/schemas/account.ts';
import { mergeIntoCart } from '../cart/queries.ts';
import { newId, nowIso } from '../db/ids.ts';
import { parseJsonList, toJson } from '../db/json.ts';
import type { Db } from '../db/tables.ts';

/** Adds the shopper and merges their visitor cart in one transaction; returns the new id. */
export async function createShopper(
  db: Db,
  input: Omit<SignupInput, 'password'>,
  passwordHash: string,
  cart: Array<{ id: string; quantity: number }>,
  /** Ticked "Send my order updates on WhatsApp": kept with its time (docs/whatsapp.md#consent). */
  whatsappUpdates = false,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        name: input.name,
        phone: input.number,
        email: input.email,
        addresses: toJson([input.address]),
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
        whatsapp_consent_at: whatsappUpdates ? now : null,
      })
      .execute();
    await mergeIntoCart(trx, id, cart);
  });
  return id;
}

/** Saves name, number, email and addresses of a shopper whose account is not erased. */
export async function saveProfile(db: Db, userId: string, profile: ProfileInput): Promise<void> {
  const { name, number, email, addresses } = profile;
  await db
    .updateTable('users')
    .set({ name, phone: number, email, addresses: toJson(addresses), updated_at: nowIso() })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Adds `address` to the shopper's list unless it is already there: 'full' when the list
 * already holds `max` (nothing written), 'gone' when there is no such shopper.
 */
export async function addAddress(
  db: Db,
  userId: string,
  address: string,
  max: number,
): Promise<'saved' | 'full' | 'gone'> {
  const row = await db.selectFrom('users').select('addresses').where('id', '=', userId).executeTakeFirst();
  if (!row) return 'gone';
  const addresses = parseJsonList<string>(row.addresses);
  if (addresses.includes(address)) return 'saved';
  if (addresses.length >= max) return 'full';
  addresses.push(address);
  await db
    .updateTable('users')
    .set({ addresses: toJson(addresses), updated_at: nowIso() })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  return 'saved';
}
