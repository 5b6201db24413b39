/**
 * Every visible string of the payment link pages in the eight gateway languages (the method
 * names, sandbox banner, language switcher and footer come from the hosted pages' i18n.ts).
 */
import type { Locale } from '../../platform/locales.js';

export interface LinkMessages {
  amount: string;
  shippingCost: string;
  total: string;
  yourDetails: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  delivery: string;
  pickupPoint: string;
  courier: string;
  street: string;
  locality: string;
  postalCode: string;
  method: string;
  pay: string;
  formError: string;
  required: string;
  invalidEmail: string;
  invalidPhone: string;
  tooLong: string;
  expiredTitle: string;
  expiredText: string;
  paidTitle: string;
  paidText: string;
  takenTitle: string;
  takenText: string;
  noMethods: string;
  thanksTitle: string;
  thanksPaid: string;
  thanksOpen: string;
  /** The delivery methods' radio group has nothing chosen. */
  chooseDelivery: string;
  /** A pickup-point delivery without a point (also the no-JavaScript list's empty entry). */
  choosePickupPoint: string;
  /** A point of another carrier than the chosen delivery's (only possible without JavaScript). */
  otherCarrierPoint: string;
  /** The courier service type standardB2B (standard is `courier`). */
  courierB2B: string;
  /** The legend of the courier's address fields. */
  address: string;
  /** Under the pickup point search box. */
  pointSearchHint: string;
  /** The search's live region: `{count}` pickup points match (no plural forms needed). */
  pointsFound: string;
}

const en: LinkMessages = {
  amount: 'Amount',
  shippingCost: 'Shipping',
  total: 'Total',
  yourDetails: 'Your details',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Mobile phone',
  delivery: 'Delivery',
  pickupPoint: 'Pickup point',
  courier: 'Courier to your address',
  street: 'Street address',
  locality: 'City',
  postalCode: 'Postal code',
  method: 'Payment method',
  pay: 'Continue to payment',
  formError: 'Please correct the marked fields.',
  required: 'Required',
  invalidEmail: 'Not a valid e-mail address',
  invalidPhone: 'Not a valid phone number',
  tooLong: 'Too long',
  expiredTitle: 'This payment link has expired',
  expiredText: 'Payments are no longer accepted through this link.',
  paidTitle: 'This payment link has been paid',
  paidText: 'The payment was received; nothing more is due.',
  takenTitle: 'This payment link is being paid',
  takenText: 'Someone has already started paying through this one-time link. If that payment is not completed, the link opens again.',
  noMethods: 'No payment method is available.',
  thanksTitle: 'Thank you',
  thanksPaid: 'The payment was received.',
  thanksOpen: 'The payment was not completed.',
  chooseDelivery: 'Choose a delivery method',
  choosePickupPoint: 'Choose a pickup point',
  otherCarrierPoint: 'Choose a pickup point of the carrier you chose',
  courierB2B: 'Business courier (B2B)',
  address: 'Delivery address',
  pointSearchHint: 'Type a town, street, postal code or name, then choose with the arrow keys and Enter.',
  pointsFound: 'Pickup points found: {count}',
};

const de: LinkMessages = {
  amount: 'Betrag',
  shippingCost: 'Versand',
  total: 'Gesamt',
  yourDetails: 'Ihre Angaben',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  phone: 'Mobiltelefon',
  delivery: 'Lieferung',
  pickupPoint: 'Abholstelle',
  courier: 'Kurier an Ihre Adresse',
  street: 'Straße und Hausnummer',
  locality: 'Ort',
  postalCode: 'Postleitzahl',
  method: 'Zahlungsart',
  pay: 'Weiter zur Zahlung',
  formError: 'Bitte korrigieren Sie die markierten Felder.',
  required: 'Pflichtfeld',
  invalidEmail: 'Keine gültige E-Mail-Adresse',
  invalidPhone: 'Keine gültige Telefonnummer',
  tooLong: 'Zu lang',
  expiredTitle: 'Dieser Zahlungslink ist abgelaufen',
  expiredText: 'Über diesen Link werden keine Zahlungen mehr angenommen.',
  paidTitle: 'Dieser Zahlungslink wurde bezahlt',
  paidText: 'Die Zahlung ist eingegangen; es ist nichts mehr fällig.',
  takenTitle: 'Dieser Zahlungslink wird gerade bezahlt',
  takenText: 'Jemand hat bereits begonnen, über diesen einmaligen Link zu bezahlen. Wird diese Zahlung nicht abgeschlossen, öffnet sich der Link wieder.',
  noMethods: 'Keine Zahlungsart verfügbar.',
  thanksTitle: 'Vielen Dank',
  thanksPaid: 'Die Zahlung ist eingegangen.',
  thanksOpen: 'Die Zahlung wurde nicht abgeschlossen.',
  chooseDelivery: 'Wählen Sie eine Versandart',
  choosePickupPoint: 'Wählen Sie eine Abholstelle',
  otherCarrierPoint: 'Wählen Sie eine Abholstelle des gewählten Versanddienstes',
  courierB2B: 'Geschäftskurier (B2B)',
  address: 'Lieferadresse',
  pointSearchHint: 'Geben Sie Ort, Straße, Postleitzahl oder Namen ein und wählen Sie mit den Pfeiltasten und der Eingabetaste.',
  pointsFound: 'Gefundene Abholstellen: {count}',
};

const et: LinkMessages = {
  amount: 'Summa',
  shippingCost: 'Transport',
  total: 'Kokku',
  yourDetails: 'Teie andmed',
  firstName: 'Eesnimi',
  lastName: 'Perekonnanimi',
  email: 'E-post',
  phone: 'Mobiiltelefon',
  delivery: 'Kohaletoimetamine',
  pickupPoint: 'Pakiautomaat või postipunkt',
  courier: 'Kuller teie aadressile',
  street: 'Tänav ja maja',
  locality: 'Linn',
  postalCode: 'Postiindeks',
  method: 'Makseviis',
  pay: 'Jätka maksmisega',
  formError: 'Palun parandage märgitud väljad.',
  required: 'Kohustuslik',
  invalidEmail: 'Vigane e-posti aadress',
  invalidPhone: 'Vigane telefoninumber',
  tooLong: 'Liiga pikk',
  expiredTitle: 'See makselink on aegunud',
  expiredText: 'Selle lingi kaudu makseid enam vastu ei võeta.',
  paidTitle: 'See makselink on makstud',
  paidText: 'Makse on laekunud; rohkem midagi tasuda pole vaja.',
  takenTitle: 'Seda makselinki juba makstakse',
  takenText: 'Keegi on selle ühekordse lingi kaudu maksmist juba alustanud. Kui see makse jääb lõpetamata, avaneb link uuesti.',
  noMethods: 'Ühtegi makseviisi pole saadaval.',
  thanksTitle: 'Aitäh',
  thanksPaid: 'Makse on laekunud.',
  thanksOpen: 'Makse jäi lõpetamata.',
  chooseDelivery: 'Valige tarneviis',
  choosePickupPoint: 'Valige pakiautomaat või postipunkt',
  otherCarrierPoint: 'Valige valitud vedaja pakiautomaat või postipunkt',
  courierB2B: 'Ärikuller (B2B)',
  address: 'Tarneaadress',
  pointSearchHint: 'Sisestage linn, tänav, postiindeks või nimi ning valige nooleklahvide ja Enter-klahviga.',
  pointsFound: 'Leitud pakiautomaate ja postipunkte: {count}',
};

const fi: LinkMessages = {
  amount: 'Summa',
  shippingCost: 'Toimitus',
  total: 'Yhteensä',
  yourDetails: 'Tietosi',
  firstName: 'Etunimi',
  lastName: 'Sukunimi',
  email: 'Sähköposti',
  phone: 'Matkapuhelin',
  delivery: 'Toimitus',
  pickupPoint: 'Noutopiste',
  courier: 'Kuriiri osoitteeseesi',
  street: 'Katuosoite',
  locality: 'Kaupunki',
  postalCode: 'Postinumero',
  method: 'Maksutapa',
  pay: 'Jatka maksamaan',
  formError: 'Korjaa merkityt kentät.',
  required: 'Pakollinen',
  invalidEmail: 'Virheellinen sähköpostiosoite',
  invalidPhone: 'Virheellinen puhelinnumero',
  tooLong: 'Liian pitkä',
  expiredTitle: 'Tämä maksulinkki on vanhentunut',
  expiredText: 'Tämän linkin kautta ei enää oteta vastaan maksuja.',
  paidTitle: 'Tämä maksulinkki on maksettu',
  paidText: 'Maksu on vastaanotettu; mitään ei ole enää maksettavana.',
  takenTitle: 'Tätä maksulinkkiä maksetaan parhaillaan',
  takenText: 'Joku on jo aloittanut maksamisen tämän kertakäyttöisen linkin kautta. Jos maksu jää kesken, linkki avautuu uudelleen.',
  noMethods: 'Maksutapoja ei ole saatavilla.',
  thanksTitle: 'Kiitos',
  thanksPaid: 'Maksu on vastaanotettu.',
  thanksOpen: 'Maksu jäi kesken.',
  chooseDelivery: 'Valitse toimitustapa',
  choosePickupPoint: 'Valitse noutopiste',
  otherCarrierPoint: 'Valitse valitsemasi kuljetusyhtiön noutopiste',
  courierB2B: 'Yrityskuriiri (B2B)',
  address: 'Toimitusosoite',
  pointSearchHint: 'Kirjoita kaupunki, katu, postinumero tai nimi ja valitse nuolinäppäimillä ja Enterillä.',
  pointsFound: 'Löydetyt noutopisteet: {count}',
};

const lt: LinkMessages = {
  amount: 'Suma',
  shippingCost: 'Pristatymas',
  total: 'Iš viso',
  yourDetails: 'Jūsų duomenys',
  firstName: 'Vardas',
  lastName: 'Pavardė',
  email: 'El. paštas',
  phone: 'Mobilusis telefonas',
  delivery: 'Pristatymas',
  pickupPoint: 'Atsiėmimo punktas',
  courier: 'Kurjeris jūsų adresu',
  street: 'Gatvė ir namas',
  locality: 'Miestas',
  postalCode: 'Pašto kodas',
  method: 'Mokėjimo būdas',
  pay: 'Tęsti mokėjimą',
  formError: 'Pataisykite pažymėtus laukus.',
  required: 'Privaloma',
  invalidEmail: 'Netinkamas el. pašto adresas',
  invalidPhone: 'Netinkamas telefono numeris',
  tooLong: 'Per ilgas',
  expiredTitle: 'Ši mokėjimo nuoroda nebegalioja',
  expiredText: 'Per šią nuorodą mokėjimai nebepriimami.',
  paidTitle: 'Ši mokėjimo nuoroda apmokėta',
  paidText: 'Mokėjimas gautas; daugiau mokėti nereikia.',
  takenTitle: 'Ši mokėjimo nuoroda šiuo metu apmokama',
  takenText: 'Kažkas jau pradėjo mokėti per šią vienkartinę nuorodą. Jei mokėjimas nebus baigtas, nuoroda vėl atsivers.',
  noMethods: 'Nėra galimų mokėjimo būdų.',
  thanksTitle: 'Ačiū',
  thanksPaid: 'Mokėjimas gautas.',
  thanksOpen: 'Mokėjimas nebuvo baigtas.',
  chooseDelivery: 'Pasirinkite pristatymo būdą',
  choosePickupPoint: 'Pasirinkite atsiėmimo punktą',
  otherCarrierPoint: 'Pasirinkite pasirinkto vežėjo atsiėmimo punktą',
  courierB2B: 'Verslo kurjeris (B2B)',
  address: 'Pristatymo adresas',
  pointSearchHint: 'Įveskite miestą, gatvę, pašto kodą arba pavadinimą, tada pasirinkite rodyklių klavišais ir Enter.',
  pointsFound: 'Rasta atsiėmimo punktų: {count}',
};

const lv: LinkMessages = {
  amount: 'Summa',
  shippingCost: 'Piegāde',
  total: 'Kopā',
  yourDetails: 'Jūsu dati',
  firstName: 'Vārds',
  lastName: 'Uzvārds',
  email: 'E-pasts',
  phone: 'Mobilais tālrunis',
  delivery: 'Piegāde',
  pickupPoint: 'Saņemšanas punkts',
  courier: 'Kurjers uz jūsu adresi',
  street: 'Iela un māja',
  locality: 'Pilsēta',
  postalCode: 'Pasta indekss',
  method: 'Maksājuma veids',
  pay: 'Turpināt uz maksājumu',
  formError: 'Lūdzu, izlabojiet atzīmētos laukus.',
  required: 'Obligāts',
  invalidEmail: 'Nederīga e-pasta adrese',
  invalidPhone: 'Nederīgs tālruņa numurs',
  tooLong: 'Pārāk garš',
  expiredTitle: 'Šīs maksājuma saites derīgums ir beidzies',
  expiredText: 'Ar šo saiti maksājumi vairs netiek pieņemti.',
  paidTitle: 'Šī maksājuma saite ir apmaksāta',
  paidText: 'Maksājums ir saņemts; vairāk nekas nav jāmaksā.',
  takenTitle: 'Šī maksājuma saite pašlaik tiek apmaksāta',
  takenText: 'Kāds jau ir sācis maksāt ar šo vienreizējo saiti. Ja maksājums netiks pabeigts, saite atkal atvērsies.',
  noMethods: 'Nav pieejamu maksājuma veidu.',
  thanksTitle: 'Paldies',
  thanksPaid: 'Maksājums ir saņemts.',
  thanksOpen: 'Maksājums netika pabeigts.',
  chooseDelivery: 'Izvēlieties piegādes veidu',
  choosePickupPoint: 'Izvēlieties saņemšanas punktu',
  otherCarrierPoint: 'Izvēlieties izvēlētā pārvadātāja saņemšanas punktu',
  courierB2B: 'Biznesa kurjers (B2B)',
  address: 'Piegādes adrese',
  pointSearchHint: 'Ievadiet pilsētu, ielu, pasta indeksu vai nosaukumu, tad izvēlieties ar bulttaustiņiem un Enter.',
  pointsFound: 'Atrasti saņemšanas punkti: {count}',
};

const pl: LinkMessages = {
  amount: 'Kwota',
  shippingCost: 'Dostawa',
  total: 'Razem',
  yourDetails: 'Twoje dane',
  firstName: 'Imię',
  lastName: 'Nazwisko',
  email: 'E-mail',
  phone: 'Telefon komórkowy',
  delivery: 'Dostawa',
  pickupPoint: 'Punkt odbioru',
  courier: 'Kurier pod Twój adres',
  street: 'Ulica i numer',
  locality: 'Miejscowość',
  postalCode: 'Kod pocztowy',
  method: 'Metoda płatności',
  pay: 'Przejdź do płatności',
  formError: 'Popraw zaznaczone pola.',
  required: 'Wymagane',
  invalidEmail: 'Nieprawidłowy adres e-mail',
  invalidPhone: 'Nieprawidłowy numer telefonu',
  tooLong: 'Za długie',
  expiredTitle: 'Ten link płatności wygasł',
  expiredText: 'Płatności przez ten link nie są już przyjmowane.',
  paidTitle: 'Ten link płatności został opłacony',
  paidText: 'Płatność została otrzymana; nic więcej nie jest należne.',
  takenTitle: 'Ten link płatności jest właśnie opłacany',
  takenText: 'Ktoś już rozpoczął płatność przez ten jednorazowy link. Jeśli płatność nie zostanie dokończona, link otworzy się ponownie.',
  noMethods: 'Brak dostępnych metod płatności.',
  thanksTitle: 'Dziękujemy',
  thanksPaid: 'Płatność została otrzymana.',
  thanksOpen: 'Płatność nie została dokończona.',
  chooseDelivery: 'Wybierz sposób dostawy',
  choosePickupPoint: 'Wybierz punkt odbioru',
  otherCarrierPoint: 'Wybierz punkt odbioru wybranego przewoźnika',
  courierB2B: 'Kurier biznesowy (B2B)',
  address: 'Adres dostawy',
  pointSearchHint: 'Wpisz miejscowość, ulicę, kod pocztowy lub nazwę, a następnie wybierz strzałkami i klawiszem Enter.',
  pointsFound: 'Znalezione punkty odbioru: {count}',
};

const ru: LinkMessages = {
  amount: 'Сумма',
  shippingCost: 'Доставка',
  total: 'Итого',
  yourDetails: 'Ваши данные',
  firstName: 'Имя',
  lastName: 'Фамилия',
  email: 'Эл. почта',
  phone: 'Мобильный телефон',
  delivery: 'Доставка',
  pickupPoint: 'Пункт выдачи',
  courier: 'Курьер по вашему адресу',
  street: 'Улица и дом',
  locality: 'Город',
  postalCode: 'Почтовый индекс',
  method: 'Способ оплаты',
  pay: 'Перейти к оплате',
  formError: 'Исправьте отмеченные поля.',
  required: 'Обязательно',
  invalidEmail: 'Неверный адрес эл. почты',
  invalidPhone: 'Неверный номер телефона',
  tooLong: 'Слишком длинно',
  expiredTitle: 'Срок действия этой платёжной ссылки истёк',
  expiredText: 'Платежи по этой ссылке больше не принимаются.',
  paidTitle: 'Эта платёжная ссылка оплачена',
  paidText: 'Платёж получен; больше ничего платить не нужно.',
  takenTitle: 'Эта платёжная ссылка сейчас оплачивается',
  takenText: 'Кто-то уже начал оплату по этой одноразовой ссылке. Если платёж не будет завершён, ссылка откроется снова.',
  noMethods: 'Нет доступных способов оплаты.',
  thanksTitle: 'Спасибо',
  thanksPaid: 'Платёж получен.',
  thanksOpen: 'Платёж не был завершён.',
  chooseDelivery: 'Выберите способ доставки',
  choosePickupPoint: 'Выберите пункт выдачи',
  otherCarrierPoint: 'Выберите пункт выдачи выбранного перевозчика',
  courierB2B: 'Курьер для бизнеса (B2B)',
  address: 'Адрес доставки',
  pointSearchHint: 'Введите город, улицу, почтовый индекс или название, затем выберите стрелками и клавишей Enter.',
  pointsFound: 'Найдено пунктов выдачи: {count}',
};

export const LINK_MESSAGES: Readonly<Record<Locale, LinkMessages>> = { de, en, et, fi, lt, lv, pl, ru };
