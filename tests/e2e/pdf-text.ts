/**
 * A downloaded PDF's text as a person reads it (poppler's pdftotext), every run of white space one
 * space, so a line the layout wrapped still matches a sentence.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}
