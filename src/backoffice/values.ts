/**
 * Every value the back office shows that is an identifier in the API (an order's PAID, a channel's
 * bankPayments, a shipment's labelsCreated, a role's owner…), as words of the page's language. One
 * `Record<Enum, string>` per kind and locale, keyed by the source's own enum type: a value added to
 * an enum is a compile error here until every locale names it. Payment method names and failure
 * reasons are the hosted payment page's words (../payments/hosted-pages/i18n.ts), not a second copy.
 *
 * VALUE_ENUMS lists each kind's values from the source's exported arrays, for the tests that check
 * the tables and the pages (no page may show one of them raw).
 */
import type { Locale } from '../platform/locales.js';
import { INTENT_STATUSES, ORDER_STATUSES, type IntentStatus, type OrderStatus } from '../payments/orders/states.js';
import { REFUND_DESCRIPTIONS, REFUND_STATUSES, type RefundDescription, type RefundStatus } from '../payments/refunds/states.js';
import type { RefundType } from '../payments/refunds/store.js';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '../notifications/schema.js';
import { PAYMENT_METHODS, type PaymentMethodName } from '../payments/methods/catalogue/methods.js';
import { failureMessageKey, MESSAGES, METHOD_TITLE_KEYS } from '../payments/hosted-pages/i18n.js';
import { CHANNELS, type Channel } from '../ledger/chart.js';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../shipping/shipments/states.js';
import { LABEL_FILE_STATUSES, type LabelFileStatus } from '../shipping/label-files/states.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../shipping/webhooks/events.js';
import { SHIPPING_METHOD_TYPES, type ContractParcelHandoverMethod, type ShippingMethodType } from '../shipping/carriers/vocabulary.js';
import { CONTRACT_HANDOVER_METHODS } from '../shipping/contracts/service.js';
import { ROLES, type Role } from './roles.js';

type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** A delivery attempt's outcome (notification_attempts.outcome, migration 001). */
export const ATTEMPT_OUTCOMES = ['delivered', 'retry', 'failed'] as const;
type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];
/** The payout statuses Kassa writes (the spec shows SUCCESSFUL only; payouts/store.ts insertPayout). */
export const PAYOUT_STATUSES = ['SUCCESSFUL'] as const;
type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const REFUND_TYPES = ['PARTIAL_REFUND', 'FULL_REFUND'] as const satisfies readonly RefundType[];

/** The words of one locale, a table per kind of value. Method names come from the hosted pages' texts. */
export interface ValueTexts {
  orderStatus: Record<OrderStatus, string>;
  intentStatus: Record<IntentStatus, string>;
  refundStatus: Record<RefundStatus, string>;
  refundType: Record<RefundType, string>;
  refundDescription: Record<RefundDescription, string>;
  payoutStatus: Record<PayoutStatus, string>;
  notificationStatus: Record<NotificationStatus, string>;
  notificationKind: Record<NotificationKind, string>;
  attemptOutcome: Record<AttemptOutcome, string>;
  /** Ledger channels (a payout's settlementType); card and BLIK are the method names. */
  channel: Record<Exclude<Channel, 'cardPayments' | 'blik'>, string>;
  shipmentStatus: Record<ShipmentStatus, string>;
  labelFileStatus: Record<LabelFileStatus, string>;
  webhookEvent: Record<WebhookEvent, string>;
  deliveryType: Record<ShippingMethodType, string>;
  handover: Record<ContractParcelHandoverMethod, string>;
  role: Record<Role, string>;
}

/** Each kind's values, from the source's exported enum arrays (what VALUE_TEXTS must name). */
export const VALUE_ENUMS = {
  orderStatus: ORDER_STATUSES,
  intentStatus: INTENT_STATUSES,
  refundStatus: REFUND_STATUSES,
  refundType: REFUND_TYPES,
  refundDescription: REFUND_DESCRIPTIONS,
  payoutStatus: PAYOUT_STATUSES,
  notificationStatus: NOTIFICATION_STATUSES,
  notificationKind: NOTIFICATION_KINDS,
  attemptOutcome: ATTEMPT_OUTCOMES,
  channel: CHANNELS.filter((c) => c !== 'cardPayments' && c !== 'blik'),
  shipmentStatus: SHIPMENT_STATUSES,
  labelFileStatus: LABEL_FILE_STATUSES,
  webhookEvent: WEBHOOK_EVENTS,
  deliveryType: SHIPPING_METHOD_TYPES,
  handover: CONTRACT_HANDOVER_METHODS,
  role: ROLES,
} as const satisfies Record<keyof ValueTexts, readonly string[]>;

/** Every raw value the back office could show: the enums above, the payment methods and every channel. */
export const RAW_VALUES: readonly string[] = [...new Set([...Object.values(VALUE_ENUMS).flat(), ...PAYMENT_METHODS, ...CHANNELS])];

const en: ValueTexts = {
  orderStatus: { PENDING: 'Pending', PAID: 'Paid', ABANDONED: 'Abandoned', PARTIALLY_REFUNDED: 'Partly refunded', REFUNDED: 'Refunded' },
  intentStatus: { PENDING: 'Pending', PAID: 'Paid', FAILED: 'Failed', CANCELED: 'Canceled', ABANDONED: 'Abandoned' },
  refundStatus: { PENDING: 'Pending', PROCESSING: 'Processing', SUCCESSFUL: 'Refunded', REJECTED: 'Rejected', CANCELED: 'Canceled' },
  refundType: { PARTIAL_REFUND: 'Partial refund', FULL_REFUND: 'Full refund' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Not enough funds',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'More than the order’s paid amount',
    DECLINED: 'Declined',
    EXPIRED_OR_CANCELLED_CARD: 'Card expired or canceled',
    LOST_OR_STOLEN_CARD: 'Card lost or stolen',
    EXPIRED: 'Expired',
    OTHER: 'Other reason',
  },
  payoutStatus: { SUCCESSFUL: 'Paid out' },
  notificationStatus: { pending: 'Waiting to be sent', delivered: 'Delivered', failed: 'Failed' },
  notificationKind: { order: 'Order notification', refund: 'Refund notification', webhook: 'Shipping webhook', legacy_webhook: 'Tracking webhook' },
  attemptOutcome: { delivered: 'Delivered', retry: 'Will retry', failed: 'Failed, no more retries' },
  channel: { bankPayments: 'Bank payments', financing: 'Financing' },
  shipmentStatus: {
    created: 'Created',
    pending: 'Registering',
    registered: 'Registered',
    registrationFailed: 'Registration failed',
    labelsCreated: 'Labels created',
    inTransit: 'In transit',
    awaitingCollection: 'Awaiting collection',
    delivered: 'Delivered',
    returned: 'Returned',
  },
  labelFileStatus: { pending: 'Being made', ready: 'Ready', failed: 'Failed' },
  webhookEvent: {
    'shipment.registered': 'Shipment registered',
    'shipment.registrationFailed': 'Shipment registration failed',
    'shipment.statusUpdated': 'Shipment status changed',
    'shipment.labelsCreated': 'Shipment labels created',
    'labelFile.ready': 'Label file ready',
    'labelFile.creationFailed': 'Label file failed',
  },
  deliveryType: { courier: 'Courier', pickupPoint: 'Pickup point' },
  handover: { COURIER: 'Courier picks up', LOCKER: 'Dropped off at a parcel locker' },
  role: { owner: 'Owner', viewer: 'Viewer' },
};

const de: ValueTexts = {
  orderStatus: { PENDING: 'Offen', PAID: 'Bezahlt', ABANDONED: 'Abgebrochen', PARTIALLY_REFUNDED: 'Teilweise erstattet', REFUNDED: 'Erstattet' },
  intentStatus: { PENDING: 'Offen', PAID: 'Bezahlt', FAILED: 'Fehlgeschlagen', CANCELED: 'Storniert', ABANDONED: 'Abgebrochen' },
  refundStatus: { PENDING: 'Offen', PROCESSING: 'In Bearbeitung', SUCCESSFUL: 'Erstattet', REJECTED: 'Abgelehnt', CANCELED: 'Storniert' },
  refundType: { PARTIAL_REFUND: 'Teilerstattung', FULL_REFUND: 'Vollständige Erstattung' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Nicht genug Guthaben',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'Mehr als der bezahlte Betrag',
    DECLINED: 'Abgelehnt',
    EXPIRED_OR_CANCELLED_CARD: 'Karte abgelaufen oder gesperrt',
    LOST_OR_STOLEN_CARD: 'Karte verloren oder gestohlen',
    EXPIRED: 'Abgelaufen',
    OTHER: 'Anderer Grund',
  },
  payoutStatus: { SUCCESSFUL: 'Ausgezahlt' },
  notificationStatus: { pending: 'Wartet auf Versand', delivered: 'Zugestellt', failed: 'Fehlgeschlagen' },
  notificationKind: { order: 'Bestellbenachrichtigung', refund: 'Erstattungsbenachrichtigung', webhook: 'Versand-Webhook', legacy_webhook: 'Sendungsverfolgungs-Webhook' },
  attemptOutcome: { delivered: 'Zugestellt', retry: 'Wird wiederholt', failed: 'Fehlgeschlagen, keine weiteren Versuche' },
  channel: { bankPayments: 'Bankzahlungen', financing: 'Finanzierung' },
  shipmentStatus: {
    created: 'Angelegt',
    pending: 'Wird angemeldet',
    registered: 'Angemeldet',
    registrationFailed: 'Anmeldung fehlgeschlagen',
    labelsCreated: 'Etiketten erstellt',
    inTransit: 'Unterwegs',
    awaitingCollection: 'Zur Abholung bereit',
    delivered: 'Zugestellt',
    returned: 'Zurückgesendet',
  },
  labelFileStatus: { pending: 'Wird erstellt', ready: 'Fertig', failed: 'Fehlgeschlagen' },
  webhookEvent: {
    'shipment.registered': 'Sendung angemeldet',
    'shipment.registrationFailed': 'Anmeldung der Sendung fehlgeschlagen',
    'shipment.statusUpdated': 'Sendungsstatus geändert',
    'shipment.labelsCreated': 'Etiketten der Sendung erstellt',
    'labelFile.ready': 'Etikettendatei fertig',
    'labelFile.creationFailed': 'Etikettendatei fehlgeschlagen',
  },
  deliveryType: { courier: 'Kurier', pickupPoint: 'Abholstelle' },
  handover: { COURIER: 'Abholung durch Kurier', LOCKER: 'Abgabe am Paketautomaten' },
  role: { owner: 'Inhaber', viewer: 'Betrachter' },
};

const et: ValueTexts = {
  orderStatus: { PENDING: 'Ootel', PAID: 'Makstud', ABANDONED: 'Katkestatud', PARTIALLY_REFUNDED: 'Osaliselt tagastatud', REFUNDED: 'Tagastatud' },
  intentStatus: { PENDING: 'Ootel', PAID: 'Makstud', FAILED: 'Ebaõnnestus', CANCELED: 'Tühistatud', ABANDONED: 'Katkestatud' },
  refundStatus: { PENDING: 'Ootel', PROCESSING: 'Töötlemisel', SUCCESSFUL: 'Tagastatud', REJECTED: 'Tagasi lükatud', CANCELED: 'Tühistatud' },
  refundType: { PARTIAL_REFUND: 'Osaline tagasimakse', FULL_REFUND: 'Täielik tagasimakse' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Vahendeid pole piisavalt',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'Rohkem kui tellimuse eest makstud',
    DECLINED: 'Keeldutud',
    EXPIRED_OR_CANCELLED_CARD: 'Kaart aegunud või suletud',
    LOST_OR_STOLEN_CARD: 'Kaart kadunud või varastatud',
    EXPIRED: 'Aegunud',
    OTHER: 'Muu põhjus',
  },
  payoutStatus: { SUCCESSFUL: 'Välja makstud' },
  notificationStatus: { pending: 'Ootab saatmist', delivered: 'Kohale toimetatud', failed: 'Ebaõnnestus' },
  notificationKind: { order: 'Tellimuse teavitus', refund: 'Tagasimakse teavitus', webhook: 'Tarne veebihaak', legacy_webhook: 'Jälgimise veebihaak' },
  attemptOutcome: { delivered: 'Kohale toimetatud', retry: 'Proovitakse uuesti', failed: 'Ebaõnnestus, rohkem ei proovita' },
  channel: { bankPayments: 'Pangamaksed', financing: 'Järelmaks ja laenud' },
  shipmentStatus: {
    created: 'Loodud',
    pending: 'Registreerimisel',
    registered: 'Registreeritud',
    registrationFailed: 'Registreerimine ebaõnnestus',
    labelsCreated: 'Sildid loodud',
    inTransit: 'Teel',
    awaitingCollection: 'Ootab kättesaamist',
    delivered: 'Kätte toimetatud',
    returned: 'Tagastatud',
  },
  labelFileStatus: { pending: 'Koostamisel', ready: 'Valmis', failed: 'Ebaõnnestus' },
  webhookEvent: {
    'shipment.registered': 'Saadetis registreeritud',
    'shipment.registrationFailed': 'Saadetise registreerimine ebaõnnestus',
    'shipment.statusUpdated': 'Saadetise olek muutus',
    'shipment.labelsCreated': 'Saadetise sildid loodud',
    'labelFile.ready': 'Siltide fail valmis',
    'labelFile.creationFailed': 'Siltide fail ebaõnnestus',
  },
  deliveryType: { courier: 'Kuller', pickupPoint: 'Pakipunkt' },
  handover: { COURIER: 'Kuller tuleb järele', LOCKER: 'Viiakse pakiautomaati' },
  role: { owner: 'Omanik', viewer: 'Vaataja' },
};

const fi: ValueTexts = {
  orderStatus: { PENDING: 'Odottaa', PAID: 'Maksettu', ABANDONED: 'Keskeytetty', PARTIALLY_REFUNDED: 'Osittain hyvitetty', REFUNDED: 'Hyvitetty' },
  intentStatus: { PENDING: 'Odottaa', PAID: 'Maksettu', FAILED: 'Epäonnistui', CANCELED: 'Peruttu', ABANDONED: 'Keskeytetty' },
  refundStatus: { PENDING: 'Odottaa', PROCESSING: 'Käsittelyssä', SUCCESSFUL: 'Hyvitetty', REJECTED: 'Hylätty', CANCELED: 'Peruttu' },
  refundType: { PARTIAL_REFUND: 'Osittainen hyvitys', FULL_REFUND: 'Täysi hyvitys' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Varat eivät riitä',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'Enemmän kuin tilauksesta maksettu',
    DECLINED: 'Hylätty',
    EXPIRED_OR_CANCELLED_CARD: 'Kortti vanhentunut tai suljettu',
    LOST_OR_STOLEN_CARD: 'Kortti kadonnut tai varastettu',
    EXPIRED: 'Vanhentunut',
    OTHER: 'Muu syy',
  },
  payoutStatus: { SUCCESSFUL: 'Tilitetty' },
  notificationStatus: { pending: 'Odottaa lähetystä', delivered: 'Toimitettu', failed: 'Epäonnistui' },
  notificationKind: { order: 'Tilausilmoitus', refund: 'Hyvitysilmoitus', webhook: 'Toimituksen webhookit', legacy_webhook: 'Seurannan webhookit' },
  attemptOutcome: { delivered: 'Toimitettu', retry: 'Yritetään uudelleen', failed: 'Epäonnistui, ei uusia yrityksiä' },
  channel: { bankPayments: 'Pankkimaksut', financing: 'Rahoitus' },
  shipmentStatus: {
    created: 'Luotu',
    pending: 'Rekisteröidään',
    registered: 'Rekisteröity',
    registrationFailed: 'Rekisteröinti epäonnistui',
    labelsCreated: 'Osoitekortit luotu',
    inTransit: 'Kuljetuksessa',
    awaitingCollection: 'Noudettavissa',
    delivered: 'Toimitettu',
    returned: 'Palautettu',
  },
  labelFileStatus: { pending: 'Tekeillä', ready: 'Valmis', failed: 'Epäonnistui' },
  webhookEvent: {
    'shipment.registered': 'Lähetys rekisteröity',
    'shipment.registrationFailed': 'Lähetyksen rekisteröinti epäonnistui',
    'shipment.statusUpdated': 'Lähetyksen tila muuttui',
    'shipment.labelsCreated': 'Lähetyksen osoitekortit luotu',
    'labelFile.ready': 'Osoitekorttitiedosto valmis',
    'labelFile.creationFailed': 'Osoitekorttitiedosto epäonnistui',
  },
  deliveryType: { courier: 'Kuriiri', pickupPoint: 'Noutopiste' },
  handover: { COURIER: 'Kuriiri noutaa', LOCKER: 'Jätetään pakettiautomaattiin' },
  role: { owner: 'Omistaja', viewer: 'Katselija' },
};

const lt: ValueTexts = {
  orderStatus: { PENDING: 'Laukiama', PAID: 'Apmokėta', ABANDONED: 'Nutraukta', PARTIALLY_REFUNDED: 'Iš dalies grąžinta', REFUNDED: 'Grąžinta' },
  intentStatus: { PENDING: 'Laukiama', PAID: 'Apmokėta', FAILED: 'Nepavyko', CANCELED: 'Atšaukta', ABANDONED: 'Nutraukta' },
  refundStatus: { PENDING: 'Laukiama', PROCESSING: 'Vykdoma', SUCCESSFUL: 'Grąžinta', REJECTED: 'Atmesta', CANCELED: 'Atšaukta' },
  refundType: { PARTIAL_REFUND: 'Dalinis grąžinimas', FULL_REFUND: 'Visas grąžinimas' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Nepakanka lėšų',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'Daugiau nei sumokėta už užsakymą',
    DECLINED: 'Atmesta',
    EXPIRED_OR_CANCELLED_CARD: 'Kortelės galiojimas baigėsi arba ji atšaukta',
    LOST_OR_STOLEN_CARD: 'Kortelė pamesta arba pavogta',
    EXPIRED: 'Nebegalioja',
    OTHER: 'Kita priežastis',
  },
  payoutStatus: { SUCCESSFUL: 'Išmokėta' },
  notificationStatus: { pending: 'Laukia siuntimo', delivered: 'Pristatyta', failed: 'Nepavyko' },
  notificationKind: { order: 'Užsakymo pranešimas', refund: 'Grąžinimo pranešimas', webhook: 'Siuntimo žiniatinklio kablys', legacy_webhook: 'Sekimo žiniatinklio kablys' },
  attemptOutcome: { delivered: 'Pristatyta', retry: 'Bus bandoma dar kartą', failed: 'Nepavyko, daugiau nebandoma' },
  channel: { bankPayments: 'Banko mokėjimai', financing: 'Finansavimas' },
  shipmentStatus: {
    created: 'Sukurta',
    pending: 'Registruojama',
    registered: 'Užregistruota',
    registrationFailed: 'Registracija nepavyko',
    labelsCreated: 'Etiketės sukurtos',
    inTransit: 'Kelyje',
    awaitingCollection: 'Laukia atsiėmimo',
    delivered: 'Pristatyta',
    returned: 'Grąžinta',
  },
  labelFileStatus: { pending: 'Ruošiamas', ready: 'Paruoštas', failed: 'Nepavyko' },
  webhookEvent: {
    'shipment.registered': 'Siunta užregistruota',
    'shipment.registrationFailed': 'Siuntos registracija nepavyko',
    'shipment.statusUpdated': 'Pasikeitė siuntos būsena',
    'shipment.labelsCreated': 'Sukurtos siuntos etiketės',
    'labelFile.ready': 'Etikečių failas paruoštas',
    'labelFile.creationFailed': 'Etikečių failo sukurti nepavyko',
  },
  deliveryType: { courier: 'Kurjeris', pickupPoint: 'Atsiėmimo punktas' },
  handover: { COURIER: 'Paima kurjeris', LOCKER: 'Paliekama paštomate' },
  role: { owner: 'Savininkas', viewer: 'Stebėtojas' },
};

const lv: ValueTexts = {
  orderStatus: { PENDING: 'Gaida', PAID: 'Apmaksāts', ABANDONED: 'Pārtraukts', PARTIALLY_REFUNDED: 'Daļēji atmaksāts', REFUNDED: 'Atmaksāts' },
  intentStatus: { PENDING: 'Gaida', PAID: 'Apmaksāts', FAILED: 'Neizdevās', CANCELED: 'Atcelts', ABANDONED: 'Pārtraukts' },
  refundStatus: { PENDING: 'Gaida', PROCESSING: 'Apstrādē', SUCCESSFUL: 'Atmaksāts', REJECTED: 'Noraidīts', CANCELED: 'Atcelts' },
  refundType: { PARTIAL_REFUND: 'Daļēja atmaksa', FULL_REFUND: 'Pilna atmaksa' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Nepietiek līdzekļu',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'Vairāk nekā par pasūtījumu samaksāts',
    DECLINED: 'Noraidīts',
    EXPIRED_OR_CANCELLED_CARD: 'Kartei beidzies termiņš vai tā slēgta',
    LOST_OR_STOLEN_CARD: 'Karte pazaudēta vai nozagta',
    EXPIRED: 'Beidzies termiņš',
    OTHER: 'Cits iemesls',
  },
  payoutStatus: { SUCCESSFUL: 'Izmaksāts' },
  notificationStatus: { pending: 'Gaida sūtīšanu', delivered: 'Piegādāts', failed: 'Neizdevās' },
  notificationKind: { order: 'Pasūtījuma paziņojums', refund: 'Atmaksas paziņojums', webhook: 'Piegādes tīmekļa āķis', legacy_webhook: 'Izsekošanas tīmekļa āķis' },
  attemptOutcome: { delivered: 'Piegādāts', retry: 'Mēģinās vēlreiz', failed: 'Neizdevās, vairs nemēģinās' },
  channel: { bankPayments: 'Bankas maksājumi', financing: 'Finansējums' },
  shipmentStatus: {
    created: 'Izveidots',
    pending: 'Tiek reģistrēts',
    registered: 'Reģistrēts',
    registrationFailed: 'Reģistrācija neizdevās',
    labelsCreated: 'Uzlīmes izveidotas',
    inTransit: 'Ceļā',
    awaitingCollection: 'Gaida saņemšanu',
    delivered: 'Piegādāts',
    returned: 'Atgriezts',
  },
  labelFileStatus: { pending: 'Tiek veidots', ready: 'Gatavs', failed: 'Neizdevās' },
  webhookEvent: {
    'shipment.registered': 'Sūtījums reģistrēts',
    'shipment.registrationFailed': 'Sūtījuma reģistrācija neizdevās',
    'shipment.statusUpdated': 'Mainījies sūtījuma statuss',
    'shipment.labelsCreated': 'Sūtījuma uzlīmes izveidotas',
    'labelFile.ready': 'Uzlīmju fails gatavs',
    'labelFile.creationFailed': 'Uzlīmju failu neizdevās izveidot',
  },
  deliveryType: { courier: 'Kurjers', pickupPoint: 'Saņemšanas punkts' },
  handover: { COURIER: 'Kurjers savāc', LOCKER: 'Nodod pakomātā' },
  role: { owner: 'Īpašnieks', viewer: 'Skatītājs' },
};

const pl: ValueTexts = {
  orderStatus: { PENDING: 'Oczekuje', PAID: 'Opłacone', ABANDONED: 'Porzucone', PARTIALLY_REFUNDED: 'Częściowo zwrócone', REFUNDED: 'Zwrócone' },
  intentStatus: { PENDING: 'Oczekuje', PAID: 'Opłacona', FAILED: 'Nieudana', CANCELED: 'Anulowana', ABANDONED: 'Porzucona' },
  refundStatus: { PENDING: 'Oczekuje', PROCESSING: 'W realizacji', SUCCESSFUL: 'Zwrócono', REJECTED: 'Odrzucony', CANCELED: 'Anulowany' },
  refundType: { PARTIAL_REFUND: 'Zwrot częściowy', FULL_REFUND: 'Zwrot całkowity' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Brak wystarczających środków',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'Więcej niż zapłacono za zamówienie',
    DECLINED: 'Odrzucono',
    EXPIRED_OR_CANCELLED_CARD: 'Karta wygasła lub została anulowana',
    LOST_OR_STOLEN_CARD: 'Karta zgubiona lub skradziona',
    EXPIRED: 'Wygasł',
    OTHER: 'Inny powód',
  },
  payoutStatus: { SUCCESSFUL: 'Wypłacono' },
  notificationStatus: { pending: 'Czeka na wysłanie', delivered: 'Doręczono', failed: 'Nieudane' },
  notificationKind: { order: 'Powiadomienie o zamówieniu', refund: 'Powiadomienie o zwrocie', webhook: 'Webhook wysyłki', legacy_webhook: 'Webhook śledzenia' },
  attemptOutcome: { delivered: 'Doręczono', retry: 'Zostanie ponowione', failed: 'Nieudane, bez kolejnych prób' },
  channel: { bankPayments: 'Płatności bankowe', financing: 'Finansowanie' },
  shipmentStatus: {
    created: 'Utworzona',
    pending: 'W rejestracji',
    registered: 'Zarejestrowana',
    registrationFailed: 'Rejestracja nieudana',
    labelsCreated: 'Etykiety utworzone',
    inTransit: 'W drodze',
    awaitingCollection: 'Czeka na odbiór',
    delivered: 'Doręczona',
    returned: 'Zwrócona',
  },
  labelFileStatus: { pending: 'W przygotowaniu', ready: 'Gotowy', failed: 'Nieudany' },
  webhookEvent: {
    'shipment.registered': 'Przesyłka zarejestrowana',
    'shipment.registrationFailed': 'Rejestracja przesyłki nieudana',
    'shipment.statusUpdated': 'Zmiana statusu przesyłki',
    'shipment.labelsCreated': 'Etykiety przesyłki utworzone',
    'labelFile.ready': 'Plik etykiet gotowy',
    'labelFile.creationFailed': 'Plik etykiet nieudany',
  },
  deliveryType: { courier: 'Kurier', pickupPoint: 'Punkt odbioru' },
  handover: { COURIER: 'Odbiór przez kuriera', LOCKER: 'Nadanie w paczkomacie' },
  role: { owner: 'Właściciel', viewer: 'Podgląd' },
};

const ru: ValueTexts = {
  orderStatus: { PENDING: 'Ожидает', PAID: 'Оплачен', ABANDONED: 'Брошен', PARTIALLY_REFUNDED: 'Частично возвращён', REFUNDED: 'Возвращён' },
  intentStatus: { PENDING: 'Ожидает', PAID: 'Оплачена', FAILED: 'Не удалась', CANCELED: 'Отменена', ABANDONED: 'Брошена' },
  refundStatus: { PENDING: 'Ожидает', PROCESSING: 'Выполняется', SUCCESSFUL: 'Возвращено', REJECTED: 'Отклонён', CANCELED: 'Отменён' },
  refundType: { PARTIAL_REFUND: 'Частичный возврат', FULL_REFUND: 'Полный возврат' },
  refundDescription: {
    INSUFFICIENT_FUNDS: 'Недостаточно средств',
    REFUND_EXCEEDS_ORDER_PAID_AMOUNT: 'Больше оплаченной суммы заказа',
    DECLINED: 'Отклонено',
    EXPIRED_OR_CANCELLED_CARD: 'Карта просрочена или аннулирована',
    LOST_OR_STOLEN_CARD: 'Карта утеряна или украдена',
    EXPIRED: 'Истёк срок',
    OTHER: 'Другая причина',
  },
  payoutStatus: { SUCCESSFUL: 'Выплачено' },
  notificationStatus: { pending: 'Ожидает отправки', delivered: 'Доставлено', failed: 'Не удалось' },
  notificationKind: { order: 'Уведомление о заказе', refund: 'Уведомление о возврате', webhook: 'Вебхук доставки', legacy_webhook: 'Вебхук отслеживания' },
  attemptOutcome: { delivered: 'Доставлено', retry: 'Будет повторено', failed: 'Не удалось, больше попыток не будет' },
  channel: { bankPayments: 'Банковские платежи', financing: 'Финансирование' },
  shipmentStatus: {
    created: 'Создано',
    pending: 'Регистрируется',
    registered: 'Зарегистрировано',
    registrationFailed: 'Ошибка регистрации',
    labelsCreated: 'Этикетки созданы',
    inTransit: 'В пути',
    awaitingCollection: 'Ожидает получения',
    delivered: 'Доставлено',
    returned: 'Возвращено',
  },
  labelFileStatus: { pending: 'Готовится', ready: 'Готов', failed: 'Ошибка' },
  webhookEvent: {
    'shipment.registered': 'Отправление зарегистрировано',
    'shipment.registrationFailed': 'Ошибка регистрации отправления',
    'shipment.statusUpdated': 'Статус отправления изменён',
    'shipment.labelsCreated': 'Этикетки отправления созданы',
    'labelFile.ready': 'Файл этикеток готов',
    'labelFile.creationFailed': 'Ошибка файла этикеток',
  },
  deliveryType: { courier: 'Курьер', pickupPoint: 'Пункт выдачи' },
  handover: { COURIER: 'Забирает курьер', LOCKER: 'Сдаётся в постамат' },
  role: { owner: 'Владелец', viewer: 'Наблюдатель' },
};

export const VALUE_TEXTS: Readonly<Record<Locale, ValueTexts>> = { de, en, et, fi, lt, lv, pl, ru };

/**
 * The words for one value of a kind: a value no table has (a row written by a newer Kassa, say)
 * is shown as it is rather than hidden.
 */
export function word<K extends keyof ValueTexts>(locale: Locale, kind: K, value: string): string {
  const table = VALUE_TEXTS[locale][kind] as Record<string, string>;
  return Object.hasOwn(table, value) ? table[value]! : value;
}

/** A payment method's name, as the hosted payment page writes it in `locale`. */
export function methodName(locale: Locale, method: string): string {
  const key = (METHOD_TITLE_KEYS as Record<string, (typeof METHOD_TITLE_KEYS)[PaymentMethodName]>)[method];
  return key ? MESSAGES[locale][key] : method;
}

/** A ledger channel (a payout's settlementType): the method's name for cards and BLIK, else the channel table. */
export function channelName(locale: Locale, channel: string): string {
  if (channel === 'cardPayments' || channel === 'blik') return methodName(locale, channel);
  return word(locale, 'channel', channel);
}

/** A payment attempt's failure reason as the hosted payment page explains it. */
export const failureText = (locale: Locale, reason: string): string => MESSAGES[locale][failureMessageKey(reason)];

const REGIONS = new Map<Locale, Intl.DisplayNames>();
/** A country's name in `locale` (Intl.DisplayNames); the code itself when it has none. */
export function countryName(locale: Locale, code: string): string {
  let names = REGIONS.get(locale);
  if (!names) REGIONS.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
