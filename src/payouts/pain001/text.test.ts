import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSepaText, sepaText, xmlText } from './text.js';

describe('SEPA text (EPC basic Latin set)', () => {
  it.each([
    ['Rīgas Piens SIA', 'Rigas Piens SIA'],
    ['Šiaulių Bankas ąčęėįšųūž', 'Siauliu Bankas aceeisuuz'],
    ['Łódź Żółć Śląsk', 'Lodz Zolc Slask'],
    ['Pärnu Õlu OÜ', 'Parnu Olu OU'],
    ['Straße & Söhne', 'Strasse + Sohne'],
    ['Ærø Øl ApS', 'AEro Ol ApS'],
    ['Ķekava Ģirts Ņina Ļaudis', 'Kekava Girts Nina Laudis'],
    ['"Quoted" name_with_underscore', "'Quoted' name-with-underscore"],
    ['Иван Щукин', 'Ivan Shchukin'],
    ['ООО «Ромашка»', "OOO 'Romashka'"],
    ['a@b#c;d  e\t\nf', 'a b c d e f'],
    ['  spaced   out  ', 'spaced out'],
    ['€ 10 % off!', '10 off'],
    ['漢字', ''],
  ])('%s → %s', (input, expected) => {
    expect(sepaText(input, 70)).toBe(expected);
  });

  it('is cut to the field length without a trailing space', () => {
    expect(sepaText('abc def', 4)).toBe('abc');
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140);
  });

  it('any input becomes text of the set, within its length, with no leading, trailing or double spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.integer({ min: 1, max: 140 }), (s, max) => {
        const out = sepaText(s, max);
        return isSepaText(out) && out.length <= max && out === out.trim() && !out.includes('  ');
      }),
    );
  });

  it('keeps text already in the set (apart from spacing)', () => {
    const sepaChar = fc.constantFrom(..."ABCXYZabcxyz0189/-?:().,'+ ".split(''));
    fc.assert(
      fc.property(
        fc.array(sepaChar, { maxLength: 70 }).map((a) => a.join('')),
        (s) => sepaText(s, 70) === s.replace(/ {2,}/g, ' ').trim(),
      ),
    );
  });

  it('escapes XML', () => {
    expect(xmlText(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});
