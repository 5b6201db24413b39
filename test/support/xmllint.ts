/**
 * XSD validation with xmllint (Debian's libxml2-utils): the pain.001 files Kassa writes are
 * checked against the EPC's schema (src/payouts/pain001/schema/). Where xmllint is missing,
 * `describeXsd` says how to get it and its checks are skipped; under CI=true a missing xmllint is
 * a failing test, never a silent skip (as test/support/browser.ts does for Chromium).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

export const XMLLINT = '/usr/bin/xmllint';
export const haveXmllint = fs.existsSync(XMLLINT);
const MISSING = `xmllint is missing at ${XMLLINT}: apt-get install -y libxml2-utils`;

/** The EPC's pain.001.001.09 schema, committed beside the writer. */
export const PAIN001_XSD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/payouts/pain001/schema/pain.001.001.09.xsd');

/**
 * `describe` for tests that validate against an XSD: runs `body` when xmllint is installed;
 * otherwise a failing test under CI=true, else a warning (the tests use `it.skipIf(!haveXmllint)`
 * or `xsdErrors`, which answers null without xmllint).
 */
export function describeXsd(name: string, body: () => void): void {
  if (!haveXmllint && process.env.CI === 'true') {
    describe(name, () => {
      it('needs xmllint', () => {
        throw new Error(MISSING);
      });
    });
    return;
  }
  if (!haveXmllint) console.warn(`skipping XSD validation (${name}). ${MISSING}`);
  describe(name, body);
}

/**
 * xmllint's complaints about `xml` against `xsd` ([] when it validates); null when xmllint is
 * missing outside CI (under CI=true that throws instead).
 */
export function xsdErrors(xml: string, xsd = PAIN001_XSD): string[] | null {
  if (!haveXmllint) {
    if (process.env.CI === 'true') throw new Error(MISSING);
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-xsd-'));
  try {
    const file = path.join(dir, 'file.xml');
    fs.writeFileSync(file, xml);
    const r = spawnSync(XMLLINT, ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' });
    if (r.error) throw r.error;
    if (r.status === 0) return [];
    return r.stderr.split('\n').filter((l) => l.trim() && !/fails to validate$/.test(l));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
