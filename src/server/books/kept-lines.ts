/**
 * The columns every kept line of an uploaded file has (a bank statement's credit, a remittance
 * report's parcel): its id, its import, its number in the file, and the hash of the bank's or
 * courier's own line, unique in its table, so a file imported again (or one overlapping an
 * earlier one) adds nothing: its inserts say `onConflict(line_hash) doNothing`.
 */
import { newId } from '../db/ids.ts';

export function keptLineColumns(importId: string, line: { hash: string; line: number }, now: string) {
  return { id: newId(), import_id: importId, line_hash: line.hash, line_no: line.line, created_at: now };
}
