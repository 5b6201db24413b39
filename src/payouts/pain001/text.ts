/**
 * Text in a SEPA file. The EPC's implementation guidelines (EPC132-08, "Character set") allow the
 * Latin character set of the SWIFT network in SEPA messages:
 *
 *   a-z A-Z 0-9 / - ? : ( ) . , ' + and space
 *
 * and a bank may refuse anything else. EPC217-08 ("SEPA requirements for an extended character
 * set, best practices") says how to fall back to it: letters with diacritics become their base
 * letter (ā→a, š→s, ö→o, ł→l, ß→ss), other scripts are transliterated. Kassa does that for
 * every name and remittance text it writes (decisions.md, "Money out as pain.001 files"): the
 * Unicode decomposition drops accents, a table covers the letters that do not decompose (ł, ø,
 * æ, ß, đ, þ, œ …) and Cyrillic, `&` becomes `+`, quotes become `'`, `_` becomes `-`, any other
 * character a space; runs of spaces are one, and the text is trimmed and cut to its field's length.
 * Pure.
 */

/** One character of the EPC's basic Latin set. */
export const SEPA_CHAR = /[A-Za-z0-9/\-?:().,'+ ]/;
const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Letters that Unicode does not decompose into a base letter and a mark, and a few signs. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
  ŉ: "'n",
  '&': '+',
  _: '-',
  '"': "'",
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '`': "'",
  '´': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '−': '-',
  '…': '...',
};

/** Cyrillic (Russian, Ukrainian, Belarusian letters), as EPC217-08's transliteration of Cyrillic. */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

function one(ch: string): string {
  if (SEPA_CHAR.test(ch)) return ch;
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  const lower = ch.toLowerCase();
  const cyr = CYRILLIC[lower];
  if (cyr !== undefined) return ch === lower || cyr === '' ? cyr : cyr.charAt(0).toUpperCase() + cyr.slice(1);
  // Base letter and combining marks (ā = a + U+0304): keep what is left in the set.
  const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
  if (base !== ch && base.length > 0) return [...base].map(one).join('');
  return ' ';
}

/**
 * `input` in the EPC's basic Latin set, at most `max` characters (cut at a character), with no
 * leading, trailing or repeated spaces. May be empty (the caller decides whether that is allowed).
 */
export function sepaText(input: string, max: number): string {
  let out = '';
  for (const ch of input.normalize('NFC')) out += one(ch);
  return out.replace(/ {2,}/g, ' ').trim().slice(0, max).trimEnd();
}

/** Whether `s` holds only characters of the EPC's basic Latin set. */
export function isSepaText(s: string): boolean {
  return SEPA_TEXT.test(s);
}

/** Escapes XML text (and attribute values). */
export function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
