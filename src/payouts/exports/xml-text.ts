/**
 * XML 1.0 text helpers shared by the XML and XLSX writers.
 *
 * XML 1.0 allows only #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF];
 * anything else (C0 controls, lone surrogates, U+FFFE, U+FFFF) cannot be written even as a
 * character reference, so it is dropped. CR is written as &#13; (a literal CR would be
 * normalised to LF by every parser), and in attribute values tab and LF are written as
 * references too (literal ones are normalised to spaces), so values read back exactly.
 */

// With the `u` flag, [\uD800-\uDFFF] matches only lone surrogates: a valid pair is one code point.
const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu;
const TEXT_SPECIAL = /[&<>"'\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u;
const ATTR_SPECIAL = /[&<>"'\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u;

const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};
const ATTR_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '\t': '&#9;', '\n': '&#10;' };

/** Removes characters that XML 1.0 cannot represent at all. */
export function stripIllegalXmlChars(s: string): string {
  return s.replace(ILLEGAL, '');
}

/** Escapes element content (& < > " ' and CR) after dropping characters illegal in XML 1.0. */
export function xmlText(s: string): string {
  if (!TEXT_SPECIAL.test(s)) return s;
  return stripIllegalXmlChars(s).replace(/[&<>"'\r]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

/** Escapes an attribute value (also tab, LF, CR as references) after dropping illegal chars. */
export function xmlAttr(s: string): string {
  if (!ATTR_SPECIAL.test(s)) return s;
  return stripIllegalXmlChars(s).replace(/[&<>"'\t\n\r]/g, (c) => ATTR_ESCAPES[c] ?? c);
}
