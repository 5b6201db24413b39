/**
 * Fonts for labels, and making every string printable in the chosen font.
 *
 * pdfkit's built-in Helvetica is a standard-14 font in WinAnsi encoding: "Jānis Bērziņš",
 * "Łódź" or "Москва" would print as garbage. So we embed (subset) a TrueType font with Latin
 * Extended and Cyrillic glyphs when the machine has one, looked up at fixed, well-known paths
 * (no download, no fc-list process): DejaVu Sans (Debian's fonts-dejavu-core), then Liberation
 * Sans, then Arial on macOS/Windows. When none is there (slim CI images) we fall back to
 * Helvetica and transliterate what WinAnsi lacks (ā→a, ł→l, Ж→Zh), so a label is always legible.
 * Whatever the font, characters outside the set we know it covers are transliterated too, or
 * printed as "?" — never as a missing-glyph box.
 */
import { existsSync, readFileSync } from 'node:fs';

/** 'auto': the first installed candidate, else Helvetica. 'builtin': Helvetica + transliteration. */
export type LabelFontChoice = 'auto' | 'builtin' | { regular: string; bold: string };

export interface ResolvedFonts {
  kind: 'embedded' | 'builtin';
  /** Human-readable description (for logs and the bench). */
  description: string;
  regular: Buffer | null;
  bold: Buffer | null;
}

const CANDIDATES: ReadonlyArray<{ name: string; regular: string; bold: string }> = [
  { name: 'DejaVu Sans', regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  { name: 'DejaVu Sans', regular: '/usr/share/fonts/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf' },
  { name: 'DejaVu Sans', regular: '/usr/share/fonts/TTF/DejaVuSans.ttf', bold: '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf' },
  { name: 'DejaVu Sans', regular: '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf', bold: '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf' },
  { name: 'Liberation Sans', regular: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', bold: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf' },
  { name: 'Liberation Sans', regular: '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf', bold: '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf' },
  { name: 'Arial', regular: '/System/Library/Fonts/Supplemental/Arial.ttf', bold: '/System/Library/Fonts/Supplemental/Arial Bold.ttf' },
  { name: 'Arial', regular: 'C:\\Windows\\Fonts\\arial.ttf', bold: 'C:\\Windows\\Fonts\\arialbd.ttf' },
];

const BUILTIN: ResolvedFonts = { kind: 'builtin', description: 'Helvetica (built-in, WinAnsi + transliteration)', regular: null, bold: null };

// Font files are read once per process (two files, ~1.4 MB); pdfkit parses and subsets them per document.
let autoFonts: ResolvedFonts | undefined;
const explicitFonts = new Map<string, ResolvedFonts>();

export function resolveFonts(choice: LabelFontChoice = 'auto'): ResolvedFonts {
  if (choice === 'builtin') return BUILTIN;
  if (choice === 'auto') {
    if (!autoFonts) {
      const found = CANDIDATES.find((c) => existsSync(c.regular) && existsSync(c.bold));
      autoFonts = found ? { kind: 'embedded', description: `${found.name} (${found.regular})`, regular: readFileSync(found.regular), bold: readFileSync(found.bold) } : BUILTIN;
    }
    return autoFonts;
  }
  const key = `${choice.regular}\n${choice.bold}`;
  let fonts = explicitFonts.get(key);
  if (!fonts) {
    fonts = { kind: 'embedded', description: choice.regular, regular: readFileSync(choice.regular), bold: readFileSync(choice.bold) };
    explicitFonts.set(key, fonts);
  }
  return fonts;
}

// ---------------------------------------------------------------------------------------------
// Character coverage and transliteration

/** WinAnsi (cp1252) characters above Latin-1 that pdfkit maps for the standard fonts. */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x017e, 0x0178,
]);

function isWinAnsi(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
}

/**
 * What DejaVu Sans, Liberation Sans and Arial all cover: Latin-1, Latin Extended-A (Baltic,
 * Polish, Czech, Hungarian...), Romanian comma letters, modern Greek, basic Cyrillic with
 * Ukrainian Ґ, and common punctuation.
 */
function isEmbeddedCovered(cp: number): boolean {
  return (
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0x17f) ||
    (cp >= 0x218 && cp <= 0x21b) ||
    (cp >= 0x384 && cp <= 0x3ce) ||
    (cp >= 0x400 && cp <= 0x45f) ||
    cp === 0x490 ||
    cp === 0x491 ||
    (cp >= 0x2013 && cp <= 0x2014) ||
    (cp >= 0x2018 && cp <= 0x201e) ||
    cp === 0x2022 ||
    cp === 0x2026 ||
    cp === 0x20ac ||
    cp === 0x2116
  );
}

/** Letters that Unicode decomposition does not reduce to ASCII. */
const LATIN_EXTRA: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'ng',
  Ŋ: 'NG',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  ẞ: 'SS',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
  Ð: 'D',
  ĸ: 'k',
  ſ: 's',
  ƒ: 'f',
  ǆ: 'dz',
  ǅ: 'Dz',
  Ǆ: 'DZ',
  ǉ: 'lj',
  ǈ: 'Lj',
  Ǉ: 'LJ',
  ǌ: 'nj',
  ǋ: 'Nj',
  Ǌ: 'NJ',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '•': '*',
  '€': 'EUR',
  '№': 'No.',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

/** Cyrillic → Latin (ICAO 9303 passport style, plus Ukrainian, Belarusian and Serbian letters). Lowercase keys. */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
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
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  є: 'ie',
  і: 'i',
  ї: 'i',
  ґ: 'g',
  ў: 'u',
  ђ: 'd',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'g',
  ќ: 'k',
  ѕ: 'dz',
};

/** Ukrainian (KMU 2010) where it differs, used when a string has a letter only Ukrainian uses (і ї є ґ). */
const UKRAINIAN: Readonly<Record<string, string>> = { г: 'h', и: 'y', ї: 'i', й: 'i', є: 'ie', ю: 'iu', я: 'ia' };
const UKRAINIAN_WORD_START: Readonly<Record<string, string>> = { ї: 'yi', й: 'y', є: 'ye', ю: 'yu', я: 'ya' };
const UKRAINIAN_LETTERS = /[іїєґІЇЄҐ]/;

/** Greek → Latin (ELOT 743, simplified). Lowercase keys, accents already stripped by NFD. */
const GREEK: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

function isUpper(ch: string | undefined): boolean {
  return ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

/** One character (code point) to the Latin letters that stand for it, or undefined when unknown. */
function transliterateChar(ch: string, prev: string | undefined, next: string | undefined, allowed: (cp: number) => boolean, ukrainian: boolean): string | undefined {
  const direct = LATIN_EXTRA[ch];
  if (direct !== undefined) return direct;
  // Accented Latin letters: drop the combining marks (ā → a, ņ → n, ś → s, ė → e).
  const stripped = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (stripped !== ch && stripped.length > 0 && [...stripped].every((c) => allowed(c.codePointAt(0) ?? 0))) return stripped;
  const lower = stripped.toLowerCase();
  const wordStart = prev === undefined || !/\p{L}/u.test(prev);
  const table = (ukrainian ? ((wordStart ? UKRAINIAN_WORD_START[lower] : undefined) ?? UKRAINIAN[lower]) : undefined) ?? CYRILLIC[lower] ?? GREEK[lower];
  if (table === undefined) return undefined;
  if (!isUpper(stripped) || table.length === 0) return table;
  // Upper case: "Жанна" → "Zhanna", "ЖУК" → "ZHUK".
  return isUpper(next) || isUpper(prev) ? table.toUpperCase() : table.charAt(0).toUpperCase() + table.slice(1);
}

export interface TextCleaner {
  /** Returns text the current font can show: controls become spaces, unknown characters are transliterated or "?". */
  (text: string): string;
}

export function textCleaner(kind: ResolvedFonts['kind']): TextCleaner {
  const allowed = kind === 'embedded' ? isEmbeddedCovered : isWinAnsi;
  return (text: string): string => {
    // Fast path: most strings are plain.
    let plain = true;
    for (let i = 0; i < text.length; i++) {
      if (!allowed(text.charCodeAt(i))) {
        plain = false;
        break;
      }
    }
    if (plain) return text;
    // Compose first so "a" + combining macron is one letter (ā), which the fonts have.
    const chars = [...text.normalize('NFC')];
    const ukrainian = UKRAINIAN_LETTERS.test(text);
    let out = '';
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i] as string;
      const cp = ch.codePointAt(0) ?? 0;
      if (allowed(cp)) out += ch;
      else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) out += ' ';
      else if (cp >= 0x300 && cp <= 0x36f)
        continue; // stray combining mark
      else out += transliterateChar(ch, chars[i - 1], chars[i + 1], allowed, ukrainian) ?? '?';
    }
    return out.replace(/\s+/g, ' ').trim();
  };
}
