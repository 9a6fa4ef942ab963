/**
 * Test support for the paperwork: reading a PDF's text the way a person would (poppler's pdftotext),
 * and its barcode the way a courier's scanner would (the page drawn by pdftoppm, read by zbarimg).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The PDF's text, laid out as on the page (`pdftotext -layout`); pages are separated by a form feed. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  return (await pdfText(pdf)).split('\f').filter((page) => page.trim() !== '');
}

/** The text with runs of spaces squeezed to one, so a phrase is found whatever the columns did. */
export function squeezed(text: string): string {
  return text.replace(/[ \t]+/g, ' ');
}

/** The Code 128 barcode on the PDF's first page, printed at `dpi` and scanned; null when none is read. */
export async function scanCode128(pdf: Buffer, dpi: number): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-scan-'));
  try {
    const file = join(dir, 'label.pdf');
    writeFileSync(file, pdf);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-gray',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    const scanned = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Scode128.enable', join(dir, 'page.png')]).catch(
      () => ({ stdout: '' }),
    );
    return scanned.stdout.trim() || null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
