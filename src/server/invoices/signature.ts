/**
 * The owner's signature on invoices and credit notes (docs/product.md#the-books-credit-notes-and-gstr-1;
 * CGST Rules 46(q) and 53(1A)(i)): uploaded once in the dashboard through the pictures' own upload
 * (media/store.ts: decoded, stripped, stored as WebP by content hash, on disk or in the bucket), and
 * remembered as that picture's id in site_content. pdfkit draws only PNG and JPEG, so the paper reads
 * the stored WebP back and turns it into a PNG (transparency kept) when it prints.
 */
import sharp from 'sharp';
import { IMAGE_ID_PATTERN } from '../../common/media.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import type { ObjectStorage } from '../media/storage/object-storage.ts';
import { imageKey } from '../media/store.ts';

export const SIGNATURE_KEY = 'invoice-signature';
/** The stored width read for printing: about 160 pt wide on paper, sharp enough at 2× and more. */
const PRINT_WIDTH = 480;

/** The signature picture's id, or null when the owner has set none. */
export async function signatureImageId(db: Db): Promise<string | null> {
  const row = await db.selectFrom('site_content').select('value').where('key', '=', SIGNATURE_KEY).executeTakeFirst();
  if (!row) return null;
  const id = (JSON.parse(row.value) as { imageId?: unknown }).imageId;
  return typeof id === 'string' && IMAGE_ID_PATTERN.test(id) ? id : null;
}

/** Sets the signature (an uploaded picture's id), or removes it with null. */
export async function setSignatureImage(db: Db, imageId: string | null): Promise<void> {
  if (imageId === null) {
    await db.deleteFrom('site_content').where('key', '=', SIGNATURE_KEY).execute();
    return;
  }
  const value = JSON.stringify({ imageId });
  await db
    .insertInto('site_content')
    .values({ key: SIGNATURE_KEY, value, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso() }))
    .execute();
}

/** The signature as a PNG for the paper, or null when none is set or its picture is gone. */
export async function signaturePng(db: Db, storage: ObjectStorage): Promise<Buffer | null> {
  const id = await signatureImageId(db);
  if (!id) return null;
  const stored = await storage.get(imageKey(id, PRINT_WIDTH));
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return sharp(Buffer.concat(chunks)).png().toBuffer();
}
