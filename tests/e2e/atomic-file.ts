/**
 * A file another process reads while this one writes it (the journeys' mailbox and WhatsApp inbox):
 * written under a temporary name and renamed, so a reader never sees half of it. A clean run once
 * read a mail's JSON cut short ("Unexpected end of JSON input") while the server was writing it.
 */
import { renameSync, writeFileSync } from 'node:fs';

export function writeAtomically(path: string, text: string): void {
  const partial = `${path}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, path);
}
