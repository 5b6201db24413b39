/** The back office's texts in the eight languages of Kassa's pages. */
import type { Locale } from '../platform/locales.js';

const KEYS = [
  'title', 'signIn', 'email', 'password', 'signOut', 'invalid', 'rateLimited', 'forbidden', 'notFound',
  'overview', 'orders', 'payouts', 'settings', 'shipping', 'nextPass', 'sandboxBanner', 'sandbox', 'production',
  'store', 'reference', 'status', 'amount', 'created', 'from', 'to', 'search', 'next', 'none', 'recentOrders', 'badSearch', 'order', 'intents', 'refunds', 'notifications', 'attempts', 'duration', 'response',
] as const;
export type Key = (typeof KEYS)[number];

type Texts = Record<Key, string>;

export const TEXTS: Record<Locale, Texts> = {
  en: {
    title: 'Kassa back office', signIn: 'Sign in', email: 'Email', password: 'Password', signOut: 'Sign out',
    invalid: 'The email or password is not right.', rateLimited: 'Too many attempts. Try again in 15 minutes.',
    forbidden: 'This form has expired. Reload the page and try again.', notFound: 'Not found.',
    overview: 'Overview', orders: 'Orders', payouts: 'Payouts', settings: 'Settings', shipping: 'Shipping',
    nextPass: 'coming soon', sandboxBanner: 'Sandbox: test data, no real money.', sandbox: 'Sandbox', production: 'Production',
    store: 'Store', reference: 'Reference', status: 'Status', amount: 'Amount', created: 'Created', from: 'From', to: 'To',
    search: 'Search', next: 'Next page', none: 'No orders.', recentOrders: 'Recent orders',
    badSearch: 'The search is not valid: check the status and the dates (YYYY-MM-DD).',
    order: 'Order', intents: 'Payment attempts', refunds: 'Refunds', notifications: 'Notifications', attempts: 'Attempts', duration: 'Duration', response: 'Response',
  },
  et: {
    title: 'Kassa haldus', signIn: 'Logi sisse', email: 'E-post', password: 'Parool', signOut: 'Logi välja',
    invalid: 'E-post või parool ei ole õige.', rateLimited: 'Liiga palju katseid. Proovi 15 minuti pärast uuesti.',
    forbidden: 'See vorm on aegunud. Laadi leht uuesti ja proovi veel.', notFound: 'Ei leitud.',
    overview: 'Ülevaade', orders: 'Tellimused', payouts: 'Väljamaksed', settings: 'Seaded', shipping: 'Tarne',
    nextPass: 'peagi', sandboxBanner: 'Testkeskkond: testandmed, päris raha pole.', sandbox: 'Testkeskkond', production: 'Toodang',
    store: 'Pood', reference: 'Viide', status: 'Olek', amount: 'Summa', created: 'Loodud', from: 'Alates', to: 'Kuni',
    search: 'Otsi', next: 'Järgmine leht', none: 'Tellimusi pole.', recentOrders: 'Viimased tellimused',
    badSearch: 'Otsing ei ole korrektne: kontrolli olekut ja kuupäevi (AAAA-KK-PP).',
    order: 'Tellimus', intents: 'Maksekatsed', refunds: 'Tagasimaksed', notifications: 'Teavitused', attempts: 'Katsed', duration: 'Kestus', response: 'Vastus',
  },
  de: {
    title: 'Kassa Backoffice', signIn: 'Anmelden', email: 'E-Mail', password: 'Passwort', signOut: 'Abmelden',
    invalid: 'E-Mail oder Passwort ist nicht richtig.', rateLimited: 'Zu viele Versuche. Bitte in 15 Minuten erneut versuchen.',
    forbidden: 'Dieses Formular ist abgelaufen. Seite neu laden und erneut versuchen.', notFound: 'Nicht gefunden.',
    overview: 'Übersicht', orders: 'Bestellungen', payouts: 'Auszahlungen', settings: 'Einstellungen', shipping: 'Versand',
    nextPass: 'demnächst', sandboxBanner: 'Sandbox: Testdaten, kein echtes Geld.', sandbox: 'Sandbox', production: 'Produktion',
    store: 'Shop', reference: 'Referenz', status: 'Status', amount: 'Betrag', created: 'Erstellt', from: 'Von', to: 'Bis',
    search: 'Suchen', next: 'Nächste Seite', none: 'Keine Bestellungen.', recentOrders: 'Neueste Bestellungen',
    badSearch: 'Die Suche ist ungültig: Status und Daten prüfen (JJJJ-MM-TT).',
    order: 'Bestellung', intents: 'Zahlungsversuche', refunds: 'Erstattungen', notifications: 'Benachrichtigungen', attempts: 'Versuche', duration: 'Dauer', response: 'Antwort',
  },
  fi: {
    title: 'Kassa-hallinta', signIn: 'Kirjaudu', email: 'Sähköposti', password: 'Salasana', signOut: 'Kirjaudu ulos',
    invalid: 'Sähköposti tai salasana ei ole oikein.', rateLimited: 'Liian monta yritystä. Yritä uudelleen 15 minuutin kuluttua.',
    forbidden: 'Lomake on vanhentunut. Lataa sivu uudelleen ja yritä taas.', notFound: 'Ei löytynyt.',
    overview: 'Yleiskatsaus', orders: 'Tilaukset', payouts: 'Tilitykset', settings: 'Asetukset', shipping: 'Toimitus',
    nextPass: 'tulossa', sandboxBanner: 'Testiympäristö: testidataa, ei oikeaa rahaa.', sandbox: 'Testiympäristö', production: 'Tuotanto',
    store: 'Kauppa', reference: 'Viite', status: 'Tila', amount: 'Summa', created: 'Luotu', from: 'Alkaen', to: 'Asti',
    search: 'Hae', next: 'Seuraava sivu', none: 'Ei tilauksia.', recentOrders: 'Viimeisimmät tilaukset',
    badSearch: 'Haku ei kelpaa: tarkista tila ja päivämäärät (VVVV-KK-PP).',
    order: 'Tilaus', intents: 'Maksuyritykset', refunds: 'Hyvitykset', notifications: 'Ilmoitukset', attempts: 'Yritykset', duration: 'Kesto', response: 'Vastaus',
  },
  lt: {
    title: 'Kassa valdymas', signIn: 'Prisijungti', email: 'El. paštas', password: 'Slaptažodis', signOut: 'Atsijungti',
    invalid: 'Neteisingas el. paštas arba slaptažodis.', rateLimited: 'Per daug bandymų. Bandykite po 15 minučių.',
    forbidden: 'Forma nebegalioja. Perkraukite puslapį ir bandykite dar kartą.', notFound: 'Nerasta.',
    overview: 'Apžvalga', orders: 'Užsakymai', payouts: 'Išmokos', settings: 'Nustatymai', shipping: 'Siuntimas',
    nextPass: 'netrukus', sandboxBanner: 'Bandomoji aplinka: bandomieji duomenys, ne tikri pinigai.', sandbox: 'Bandomoji aplinka', production: 'Gamybinė',
    store: 'Parduotuvė', reference: 'Nuoroda', status: 'Būsena', amount: 'Suma', created: 'Sukurta', from: 'Nuo', to: 'Iki',
    search: 'Ieškoti', next: 'Kitas puslapis', none: 'Užsakymų nėra.', recentOrders: 'Naujausi užsakymai',
    badSearch: 'Paieška netinkama: patikrinkite būseną ir datas (MMMM-MM-DD).',
    order: 'Užsakymas', intents: 'Mokėjimo bandymai', refunds: 'Grąžinimai', notifications: 'Pranešimai', attempts: 'Bandymai', duration: 'Trukmė', response: 'Atsakymas',
  },
  lv: {
    title: 'Kassa pārvaldība', signIn: 'Pieteikties', email: 'E-pasts', password: 'Parole', signOut: 'Iziet',
    invalid: 'E-pasts vai parole nav pareiza.', rateLimited: 'Pārāk daudz mēģinājumu. Mēģiniet pēc 15 minūtēm.',
    forbidden: 'Veidlapa ir novecojusi. Pārlādējiet lapu un mēģiniet vēlreiz.', notFound: 'Nav atrasts.',
    overview: 'Pārskats', orders: 'Pasūtījumi', payouts: 'Izmaksas', settings: 'Iestatījumi', shipping: 'Piegāde',
    nextPass: 'drīzumā', sandboxBanner: 'Testa vide: testa dati, nav īstas naudas.', sandbox: 'Testa vide', production: 'Ražošana',
    store: 'Veikals', reference: 'Atsauce', status: 'Statuss', amount: 'Summa', created: 'Izveidots', from: 'No', to: 'Līdz',
    search: 'Meklēt', next: 'Nākamā lapa', none: 'Nav pasūtījumu.', recentOrders: 'Jaunākie pasūtījumi',
    badSearch: 'Meklēšana nav derīga: pārbaudiet statusu un datumus (GGGG-MM-DD).',
    order: 'Pasūtījums', intents: 'Maksājumu mēģinājumi', refunds: 'Atmaksas', notifications: 'Paziņojumi', attempts: 'Mēģinājumi', duration: 'Ilgums', response: 'Atbilde',
  },
  pl: {
    title: 'Panel Kassa', signIn: 'Zaloguj się', email: 'E-mail', password: 'Hasło', signOut: 'Wyloguj się',
    invalid: 'Nieprawidłowy e-mail lub hasło.', rateLimited: 'Zbyt wiele prób. Spróbuj ponownie za 15 minut.',
    forbidden: 'Formularz wygasł. Odśwież stronę i spróbuj ponownie.', notFound: 'Nie znaleziono.',
    overview: 'Przegląd', orders: 'Zamówienia', payouts: 'Wypłaty', settings: 'Ustawienia', shipping: 'Wysyłka',
    nextPass: 'wkrótce', sandboxBanner: 'Sandbox: dane testowe, bez prawdziwych pieniędzy.', sandbox: 'Sandbox', production: 'Produkcja',
    store: 'Sklep', reference: 'Numer referencyjny', status: 'Status', amount: 'Kwota', created: 'Utworzono', from: 'Od', to: 'Do',
    search: 'Szukaj', next: 'Następna strona', none: 'Brak zamówień.', recentOrders: 'Ostatnie zamówienia',
    badSearch: 'Wyszukiwanie jest nieprawidłowe: sprawdź status i daty (RRRR-MM-DD).',
    order: 'Zamówienie', intents: 'Próby płatności', refunds: 'Zwroty', notifications: 'Powiadomienia', attempts: 'Próby', duration: 'Czas trwania', response: 'Odpowiedź',
  },
  ru: {
    title: 'Панель Kassa', signIn: 'Войти', email: 'Эл. почта', password: 'Пароль', signOut: 'Выйти',
    invalid: 'Неверный адрес эл. почты или пароль.', rateLimited: 'Слишком много попыток. Повторите через 15 минут.',
    forbidden: 'Форма устарела. Обновите страницу и попробуйте снова.', notFound: 'Не найдено.',
    overview: 'Обзор', orders: 'Заказы', payouts: 'Выплаты', settings: 'Настройки', shipping: 'Доставка',
    nextPass: 'скоро', sandboxBanner: 'Песочница: тестовые данные, без реальных денег.', sandbox: 'Песочница', production: 'Рабочая среда',
    store: 'Магазин', reference: 'Номер', status: 'Статус', amount: 'Сумма', created: 'Создан', from: 'С', to: 'По',
    search: 'Найти', next: 'Следующая страница', none: 'Заказов нет.', recentOrders: 'Последние заказы',
    badSearch: 'Неверный поиск: проверьте статус и даты (ГГГГ-ММ-ДД).',
    order: 'Заказ', intents: 'Попытки оплаты', refunds: 'Возвраты', notifications: 'Уведомления', attempts: 'Попытки', duration: 'Длительность', response: 'Ответ',
  },
};

export { KEYS };
