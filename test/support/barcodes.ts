/** Renders a label PDF's page with pdftoppm and reads its barcodes with zbarimg (poppler-utils, zbar-tools). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Pages of a PDF, counted from its page objects (pdfkit writes them uncompressed): the count `kassa labels create` reports. */
export { pdfPages as pdfPageCount } from '../../src/cli/labels.js';

export const BARCODE_TOOLS = fs.existsSync('/usr/bin/pdftoppm') && fs.existsSync('/usr/bin/zbarimg');

/**
 * False (skip the check) when the tools are missing; under CI=true that is a failure instead,
 * saying how to get them.
 */
export function barcodeToolsOrSkip(): boolean {
  if (BARCODE_TOOLS) return true;
  if (process.env.CI === 'true') throw new Error('pdftoppm and zbarimg are needed to check the barcodes: apt-get install -y poppler-utils zbar-tools');
  return false;
}

/** The barcodes zbarimg reads on page `page` (from 1) rendered at 150 dpi; `keepPng` copies the image there. */
export function decodePage(pdf: Buffer, page = 1, keepPng?: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-lf-'));
  try {
    fs.writeFileSync(path.join(dir, 'l.pdf'), pdf);
    execFileSync('/usr/bin/pdftoppm', ['-r', '150', '-f', String(page), '-l', String(page), '-singlefile', '-png', path.join(dir, 'l.pdf'), path.join(dir, 'p')]);
    if (keepPng) fs.copyFileSync(path.join(dir, 'p.png'), keepPng);
    let out = '';
    try {
      out = execFileSync('/usr/bin/zbarimg', ['--quiet', '--raw', path.join(dir, 'p.png')], { encoding: 'utf8' });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout ?? ''); // exit 4: no barcode found
    }
    return out
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
