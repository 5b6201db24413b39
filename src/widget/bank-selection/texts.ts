/** The widget's own texts in Kassa's eight locales; region names come from `regionNames` or the browser (Intl). */
export interface Texts {
  region: string;
  banks: string;
  /** `{c}`: the currency. */
  none: string;
}

export const TEXTS: Record<string, Texts> = {
  en: { region: 'Country of your bank', banks: 'Choose your bank', none: 'No bank of this country accepts payments in {c}.' },
  et: { region: 'Teie panga riik', banks: 'Valige oma pank', none: 'Selle riigi ükski pank ei võta vastu makseid valuutas {c}.' },
  lv: { region: 'Jūsu bankas valsts', banks: 'Izvēlieties savu banku', none: 'Neviena šīs valsts banka nepieņem maksājumus valūtā {c}.' },
  lt: { region: 'Jūsų banko šalis', banks: 'Pasirinkite savo banką', none: 'Nė vienas šios šalies bankas nepriima mokėjimų valiuta {c}.' },
  fi: { region: 'Pankkisi maa', banks: 'Valitse pankkisi', none: 'Mikään tämän maan pankki ei ota vastaan maksuja valuutassa {c}.' },
  pl: { region: 'Kraj Twojego banku', banks: 'Wybierz swój bank', none: 'Żaden bank z tego kraju nie przyjmuje płatności w {c}.' },
  de: { region: 'Land Ihrer Bank', banks: 'Wählen Sie Ihre Bank', none: 'Keine Bank dieses Landes nimmt Zahlungen in {c} an.' },
  ru: { region: 'Страна вашего банка', banks: 'Выберите свой банк', none: 'Ни один банк этой страны не принимает платежи в {c}.' },
};

/** The texts of a language tag (`et-EE` -> et), English when Kassa has not that language. */
export function textsFor(lang: string | undefined): { locale: string; texts: Texts } {
  const short = (lang ?? '').slice(0, 2).toLowerCase();
  const locale = TEXTS[short] ? short : 'en';
  return { locale, texts: TEXTS[locale]! };
}

/** A region's name: the merchant's `regionNames`, else the browser's name in the locale, else the code. */
export function regionName(code: string, names: Record<string, string>, locale: string): string {
  const given = names[code];
  if (given) return given;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
