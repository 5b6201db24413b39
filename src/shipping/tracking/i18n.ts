/**
 * Every visible string of the public tracking page in the eight languages, and which language the
 * page is shown in. `{name}` marks a placeholder.
 */
import { acceptedLocale, countryLocale, isLocale, type Locale } from '../../platform/locales.js';
import type { ShipmentStatus } from '../shipments/store.js';

export interface TrackingMessages {
  /** The language switcher's accessible name. */
  language: string;
  statusCreated: string;
  statusPending: string;
  statusRegistered: string;
  statusRegistrationFailed: string;
  statusLabelsCreated: string;
  statusInTransit: string;
  statusAwaitingCollection: string;
  statusDelivered: string;
  statusReturned: string;
  updated: string;
  pickupPoint: string;
  deliveryTo: string;
  parcel: string;
  /** "Parcel" {index} of {count}: the n-th parcel of a shipment of m. */
  parcelOf: string;
  trackAt: string;
  inThisShipment: string;
  /** Who sent the parcel: {store} is the store's name. */
  sentBy: string;
  /** The heading of the list of every status the shipment has been in, newest first. */
  history: string;
  notFoundTitle: string;
  notFoundText: string;
}

const en: TrackingMessages = {
  language: 'Language',
  statusCreated: 'Created by the shop, not yet registered with a carrier',
  statusPending: 'Being registered with the carrier',
  statusRegistered: 'Registered with the carrier; the parcel is being prepared',
  statusRegistrationFailed: 'Not yet handed to the carrier',
  statusLabelsCreated: 'Label printed; waiting for the carrier to pick it up',
  statusInTransit: 'On its way',
  statusAwaitingCollection: 'Ready for collection',
  statusDelivered: 'Delivered',
  statusReturned: 'Returned to the sender',
  updated: 'Updated',
  pickupPoint: 'Pickup point',
  deliveryTo: 'Delivery to',
  parcel: 'Parcel',
  parcelOf: '{index} of {count}',
  trackAt: 'Track at {carrier}',
  inThisShipment: 'In this shipment',
  sentBy: 'Sent by {store}',
  history: 'Shipment history',
  notFoundTitle: 'Parcel not found',
  notFoundText: 'No parcel has the tracking number {trackingNumber}.',
};

const de: TrackingMessages = {
  language: 'Sprache',
  statusCreated: 'Vom Shop erstellt, noch bei keinem Versanddienstleister angemeldet',
  statusPending: 'Wird beim Versanddienstleister angemeldet',
  statusRegistered: 'Beim Versanddienstleister angemeldet; das Paket wird vorbereitet',
  statusRegistrationFailed: 'Noch nicht an den Versanddienstleister übergeben',
  statusLabelsCreated: 'Etikett gedruckt; wartet auf Abholung durch den Versanddienstleister',
  statusInTransit: 'Unterwegs',
  statusAwaitingCollection: 'Zur Abholung bereit',
  statusDelivered: 'Zugestellt',
  statusReturned: 'An den Absender zurückgeschickt',
  updated: 'Aktualisiert',
  pickupPoint: 'Abholstelle',
  deliveryTo: 'Zustellung nach',
  parcel: 'Paket',
  parcelOf: '{index} von {count}',
  trackAt: 'Bei {carrier} verfolgen',
  inThisShipment: 'In dieser Sendung',
  sentBy: 'Versendet von {store}',
  history: 'Sendungsverlauf',
  notFoundTitle: 'Paket nicht gefunden',
  notFoundText: 'Es gibt kein Paket mit der Sendungsnummer {trackingNumber}.',
};

const et: TrackingMessages = {
  language: 'Keel',
  statusCreated: 'Poe poolt loodud, veel ühegi vedaja juures registreerimata',
  statusPending: 'Registreeritakse vedaja juures',
  statusRegistered: 'Vedaja juures registreeritud; pakki valmistatakse ette',
  statusRegistrationFailed: 'Pole veel vedajale üle antud',
  statusLabelsCreated: 'Silt on prinditud; ootab, et vedaja paki peale võtaks',
  statusInTransit: 'Teel',
  statusAwaitingCollection: 'Ootab kättesaamist',
  statusDelivered: 'Kätte toimetatud',
  statusReturned: 'Saatjale tagastatud',
  updated: 'Uuendatud',
  pickupPoint: 'Väljastuspunkt',
  deliveryTo: 'Sihtkoht',
  parcel: 'Pakk',
  parcelOf: '{index} / {count}',
  trackAt: 'Jälgi {carrier} lehel',
  inThisShipment: 'Selles saadetises',
  sentBy: 'Saatja: {store}',
  history: 'Saadetise ajalugu',
  notFoundTitle: 'Pakki ei leitud',
  notFoundText: 'Jälgimiskoodiga {trackingNumber} pakki ei ole.',
};

const fi: TrackingMessages = {
  language: 'Kieli',
  statusCreated: 'Kaupan luoma, ei vielä rekisteröity kuljetusyhtiölle',
  statusPending: 'Rekisteröidään kuljetusyhtiölle',
  statusRegistered: 'Rekisteröity kuljetusyhtiölle; pakettia valmistellaan',
  statusRegistrationFailed: 'Ei vielä luovutettu kuljetusyhtiölle',
  statusLabelsCreated: 'Osoitekortti tulostettu; odottaa kuljetusyhtiön noutoa',
  statusInTransit: 'Matkalla',
  statusAwaitingCollection: 'Noudettavissa',
  statusDelivered: 'Toimitettu',
  statusReturned: 'Palautettu lähettäjälle',
  updated: 'Päivitetty',
  pickupPoint: 'Noutopiste',
  deliveryTo: 'Toimituspaikka',
  parcel: 'Paketti',
  parcelOf: '{index} / {count}',
  trackAt: 'Seuraa palvelussa {carrier}',
  inThisShipment: 'Tässä lähetyksessä',
  sentBy: 'Lähettäjä: {store}',
  history: 'Lähetyksen historia',
  notFoundTitle: 'Pakettia ei löytynyt',
  notFoundText: 'Seurantakoodilla {trackingNumber} ei löydy pakettia.',
};

const lt: TrackingMessages = {
  language: 'Kalba',
  statusCreated: 'Sukurta parduotuvės, dar neužregistruota vežėjo sistemoje',
  statusPending: 'Registruojama vežėjo sistemoje',
  statusRegistered: 'Užregistruota vežėjo sistemoje; siuntinys ruošiamas',
  statusRegistrationFailed: 'Dar neperduota vežėjui',
  statusLabelsCreated: 'Etiketė atspausdinta; laukiama, kol vežėjas paims siuntinį',
  statusInTransit: 'Pakeliui',
  statusAwaitingCollection: 'Paruošta atsiimti',
  statusDelivered: 'Pristatyta',
  statusReturned: 'Grąžinta siuntėjui',
  updated: 'Atnaujinta',
  pickupPoint: 'Atsiėmimo punktas',
  deliveryTo: 'Pristatymo vieta',
  parcel: 'Siuntinys',
  parcelOf: '{index} iš {count}',
  trackAt: 'Sekti {carrier} svetainėje',
  inThisShipment: 'Šioje siuntoje',
  sentBy: 'Siuntėjas: {store}',
  history: 'Siuntos istorija',
  notFoundTitle: 'Siuntinys nerastas',
  notFoundText: 'Siuntinio su sekimo numeriu {trackingNumber} nėra.',
};

const lv: TrackingMessages = {
  language: 'Valoda',
  statusCreated: 'Veikala izveidota, vēl nav reģistrēta pie pārvadātāja',
  statusPending: 'Tiek reģistrēta pie pārvadātāja',
  statusRegistered: 'Reģistrēta pie pārvadātāja; paka tiek sagatavota',
  statusRegistrationFailed: 'Vēl nav nodota pārvadātājam',
  statusLabelsCreated: 'Uzlīme izdrukāta; gaida, kad pārvadātājs paku paņems',
  statusInTransit: 'Ceļā',
  statusAwaitingCollection: 'Gatava saņemšanai',
  statusDelivered: 'Piegādāta',
  statusReturned: 'Atgriezta sūtītājam',
  updated: 'Atjaunināts',
  pickupPoint: 'Saņemšanas punkts',
  deliveryTo: 'Piegādes vieta',
  parcel: 'Paka',
  parcelOf: '{index} no {count}',
  trackAt: 'Sekot {carrier} vietnē',
  inThisShipment: 'Šajā sūtījumā',
  sentBy: 'Sūtītājs: {store}',
  history: 'Sūtījuma vēsture',
  notFoundTitle: 'Paka nav atrasta',
  notFoundText: 'Nav pakas ar izsekošanas numuru {trackingNumber}.',
};

const pl: TrackingMessages = {
  language: 'Język',
  statusCreated: 'Utworzona przez sklep, jeszcze niezarejestrowana u przewoźnika',
  statusPending: 'Trwa rejestracja u przewoźnika',
  statusRegistered: 'Zarejestrowana u przewoźnika; paczka jest przygotowywana',
  statusRegistrationFailed: 'Jeszcze nie przekazana przewoźnikowi',
  statusLabelsCreated: 'Etykieta wydrukowana; czeka na odbiór przez przewoźnika',
  statusInTransit: 'W drodze',
  statusAwaitingCollection: 'Gotowa do odbioru',
  statusDelivered: 'Doręczona',
  statusReturned: 'Zwrócona do nadawcy',
  updated: 'Aktualizacja',
  pickupPoint: 'Punkt odbioru',
  deliveryTo: 'Dostawa do',
  parcel: 'Paczka',
  parcelOf: '{index} z {count}',
  trackAt: 'Śledź na stronie {carrier}',
  inThisShipment: 'W tej przesyłce',
  sentBy: 'Nadawca: {store}',
  history: 'Historia przesyłki',
  notFoundTitle: 'Nie znaleziono paczki',
  notFoundText: 'Nie ma paczki o numerze śledzenia {trackingNumber}.',
};

const ru: TrackingMessages = {
  language: 'Язык',
  statusCreated: 'Создана магазином, ещё не зарегистрирована у перевозчика',
  statusPending: 'Регистрируется у перевозчика',
  statusRegistered: 'Зарегистрирована у перевозчика; посылка готовится к отправке',
  statusRegistrationFailed: 'Ещё не передана перевозчику',
  statusLabelsCreated: 'Этикетка напечатана; посылка ждёт, когда её заберёт перевозчик',
  statusInTransit: 'В пути',
  statusAwaitingCollection: 'Готова к выдаче',
  statusDelivered: 'Доставлена',
  statusReturned: 'Возвращена отправителю',
  updated: 'Обновлено',
  pickupPoint: 'Пункт выдачи',
  deliveryTo: 'Место доставки',
  parcel: 'Посылка',
  parcelOf: '{index} из {count}',
  trackAt: 'Отследить на сайте {carrier}',
  inThisShipment: 'В этом отправлении',
  sentBy: 'Отправитель: {store}',
  history: 'История отправления',
  notFoundTitle: 'Посылка не найдена',
  notFoundText: 'Посылки с трек-номером {trackingNumber} нет.',
};

export const TRACKING_MESSAGES: Readonly<Record<Locale, TrackingMessages>> = { de, en, et, fi, lt, lv, pl, ru };

/** The message of each shipment status (tsc insists on every status). */
export const STATUS_KEYS: Readonly<Record<ShipmentStatus, keyof TrackingMessages>> = {
  // Not shown in practice: a created shipment has no tracking number, so no tracking page finds it.
  created: 'statusCreated',
  pending: 'statusPending',
  registered: 'statusRegistered',
  registrationFailed: 'statusRegistrationFailed',
  labelsCreated: 'statusLabelsCreated',
  inTransit: 'statusInTransit',
  awaitingCollection: 'statusAwaitingCollection',
  delivered: 'statusDelivered',
  returned: 'statusReturned',
};

export function trackingMessages(locale: Locale): TrackingMessages {
  return TRACKING_MESSAGES[locale];
}

/**
 * The tracking page's language: a valid `?lang=`; else the best match of the browser's
 * Accept-Language; else the language of the parcel's destination country; else en.
 */
export function trackingLocale(choice: { lang?: unknown; acceptLanguage?: string | undefined; country?: string | null | undefined }): Locale {
  if (isLocale(choice.lang)) return choice.lang;
  return acceptedLocale(choice.acceptLanguage) ?? (choice.country ? countryLocale(choice.country) : 'en');
}

/** The "Updated" time: date and time in the page's language, in UTC, saying so. */
export function formatUpdated(at: Date, locale: Locale): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}
