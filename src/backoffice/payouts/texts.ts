/** The payouts area's texts in the eight languages of the back office. */
import type { Locale } from '../../platform/locales.js';

export interface PayoutTexts {
  intro: string;
  none: string;
  created: string;
  status: string;
  settlementType: string;
  payments: string;
  refunds: string;
  total: string;
  arrival: string;
  account: string;
  exports: string;
  next: string;
  /** The accessible name of a download link: `{format}` and `{date}` filled in. */
  download: string;
}

export const PAYOUT_TEXTS: Record<Locale, PayoutTexts> = {
  en: {
    intro: 'Money paid out to the store’s bank account, newest first. Each export lists the payments, fees and refunds in the payout.',
    none: 'No payouts yet.',
    created: 'Created',
    status: 'Status',
    settlementType: 'Settlement type',
    payments: 'Payments',
    refunds: 'Refunds',
    total: 'Paid out',
    arrival: 'Expected arrival',
    account: 'Account',
    exports: 'Exports',
    next: 'Older payouts',
    download: 'Download the {format} export of the payout of {date}',
  },
  et: {
    intro: 'Poe pangakontole makstud raha, uuemad eespool. Iga eksport loetleb väljamakse maksed, tasud ja tagasimaksed.',
    none: 'Väljamakseid veel pole.',
    created: 'Loodud',
    status: 'Olek',
    settlementType: 'Arvelduse liik',
    payments: 'Maksed',
    refunds: 'Tagasimaksed',
    total: 'Välja makstud',
    arrival: 'Eeldatav laekumine',
    account: 'Konto',
    exports: 'Ekspordid',
    next: 'Vanemad väljamaksed',
    download: 'Laadi alla {date} väljamakse {format}-eksport',
  },
  de: {
    intro: 'An das Bankkonto des Shops ausgezahltes Geld, neueste zuerst. Jeder Export listet die Zahlungen, Gebühren und Erstattungen der Auszahlung.',
    none: 'Noch keine Auszahlungen.',
    created: 'Erstellt',
    status: 'Status',
    settlementType: 'Abrechnungsart',
    payments: 'Zahlungen',
    refunds: 'Erstattungen',
    total: 'Ausgezahlt',
    arrival: 'Voraussichtlicher Eingang',
    account: 'Konto',
    exports: 'Exporte',
    next: 'Ältere Auszahlungen',
    download: '{format}-Export der Auszahlung vom {date} herunterladen',
  },
  fi: {
    intro: 'Kaupan pankkitilille tilitetyt rahat, uusimmat ensin. Jokainen vienti luettelee tilityksen maksut, palkkiot ja hyvitykset.',
    none: 'Ei vielä tilityksiä.',
    created: 'Luotu',
    status: 'Tila',
    settlementType: 'Tilityksen tyyppi',
    payments: 'Maksut',
    refunds: 'Hyvitykset',
    total: 'Tilitetty',
    arrival: 'Arvioitu saapuminen',
    account: 'Tili',
    exports: 'Viennit',
    next: 'Vanhemmat tilitykset',
    download: 'Lataa tilityksen {date} {format}-vienti',
  },
  lt: {
    intro: 'Į parduotuvės banko sąskaitą išmokėti pinigai, naujausi pirmiau. Kiekvienas eksportas išvardija išmokos mokėjimus, mokesčius ir grąžinimus.',
    none: 'Išmokų dar nėra.',
    created: 'Sukurta',
    status: 'Būsena',
    settlementType: 'Atsiskaitymo tipas',
    payments: 'Mokėjimai',
    refunds: 'Grąžinimai',
    total: 'Išmokėta',
    arrival: 'Numatomas gavimas',
    account: 'Sąskaita',
    exports: 'Eksportai',
    next: 'Senesnės išmokos',
    download: 'Atsisiųsti {date} išmokos {format} eksportą',
  },
  lv: {
    intro: 'Uz veikala bankas kontu izmaksātā nauda, jaunākās vispirms. Katrs eksports uzskaita izmaksas maksājumus, komisijas un atmaksas.',
    none: 'Izmaksu vēl nav.',
    created: 'Izveidots',
    status: 'Statuss',
    settlementType: 'Norēķinu veids',
    payments: 'Maksājumi',
    refunds: 'Atmaksas',
    total: 'Izmaksāts',
    arrival: 'Paredzamā saņemšana',
    account: 'Konts',
    exports: 'Eksporti',
    next: 'Vecākas izmaksas',
    download: 'Lejupielādēt {date} izmaksas {format} eksportu',
  },
  pl: {
    intro: 'Pieniądze wypłacone na konto bankowe sklepu, od najnowszych. Każdy eksport wymienia płatności, opłaty i zwroty wypłaty.',
    none: 'Brak wypłat.',
    created: 'Utworzono',
    status: 'Status',
    settlementType: 'Typ rozliczenia',
    payments: 'Płatności',
    refunds: 'Zwroty',
    total: 'Wypłacono',
    arrival: 'Przewidywany wpływ',
    account: 'Konto',
    exports: 'Eksporty',
    next: 'Starsze wypłaty',
    download: 'Pobierz eksport {format} wypłaty z {date}',
  },
  ru: {
    intro: 'Деньги, выплаченные на банковский счёт магазина, сначала новые. Каждый экспорт перечисляет платежи, комиссии и возвраты выплаты.',
    none: 'Выплат пока нет.',
    created: 'Создана',
    status: 'Статус',
    settlementType: 'Тип расчёта',
    payments: 'Платежи',
    refunds: 'Возвраты',
    total: 'Выплачено',
    arrival: 'Ожидаемое поступление',
    account: 'Счёт',
    exports: 'Экспорт',
    next: 'Более ранние выплаты',
    download: 'Скачать экспорт {format} выплаты от {date}',
  },
};
