/**
 * Every visible string of Kassa's hosted payment pages in its eight languages, and which
 * language a page is shown in. `{name}` marks a placeholder.
 */
import { isLocale, type Locale } from '../../platform/locales.js';
import { methodTable, type PaymentMethodName } from '../methods/catalogue/methods.js';
import type { CountryCode } from '../methods/catalogue/banks.js';
import type { OrderRow } from '../orders/store.js';

/** The key of a method's title: `method` and its system name, capitalised (`methodCardPayments`). */
export type MethodTitleKey = `method${Capitalize<PaymentMethodName>}`;

/** Every locale's texts; a method's title (`MethodTitleKey`) is required for every method of methods/catalogue/methods.ts. */
export interface HostedPageMessages extends Record<MethodTitleKey, string> {
  pageTitle: string;
  order: string;
  amount: string;
  total: string;
  sandbox: string;
  language: string;
  countryLabel: string;
  chooseBank: string;
  noBanks: string;
  payWithBank: string;
  countryEE: string;
  countryLV: string;
  countryLT: string;
  countryFI: string;
  countryPL: string;
  chooseCardOption: string;
  cardWallet: string;
  cardCard: string;
  choosePeriod: string;
  period1: string;
  period2: string;
  period3: string;
  continue: string;
  introMobilePay: string;
  introBlik: string;
  introHirePurchase: string;
  cancelPayment: string;
  errorDECLINED: string;
  errorINSUFFICIENT_FUNDS: string;
  errorAUTHENTICATION_FAILED: string;
  errorCODE_EXPIRED: string;
  errorCREDIT_DECLINED: string;
  errorREJECTED_IN_APP: string;
  errorGeneric: string;
  invalidChoice: string;
  paidTitle: string;
  paidText: string;
  expiredTitle: string;
  expiredText: string;
  confirmingTitle: string;
  confirmingText: string;
  checkAgain: string;
  notFoundTitle: string;
  notFoundText: string;
  returnToStore: string;
  invalidReturnTitle: string;
  invalidReturnText: string;
  footer: string;
}

const en: HostedPageMessages = {
  pageTitle: 'Payment to {store}',
  order: 'Order',
  amount: 'Amount to pay',
  total: 'Total',
  sandbox: 'Sandbox: this is a test payment and no real money moves.',
  language: 'Language',
  methodPaymentInitiation: 'Bank payment',
  methodCardPayments: 'Card payment',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Pay later',
  methodHirePurchase: 'Hire purchase',
  countryLabel: 'Country of your bank',
  chooseBank: 'Choose your bank',
  noBanks: 'No bank in this country accepts payments in {currency}.',
  payWithBank: 'Pay with {bank}',
  countryEE: 'Estonia',
  countryLV: 'Latvia',
  countryLT: 'Lithuania',
  countryFI: 'Finland',
  countryPL: 'Poland',
  chooseCardOption: 'Choose how to pay',
  cardWallet: 'Wallet (Apple Pay, Google Pay)',
  cardCard: 'Credit or debit card',
  choosePeriod: 'Choose when to pay',
  period1: 'Pay the full amount in 30 days',
  period2: 'Split into 2 monthly payments',
  period3: 'Split into 3 monthly payments',
  continue: 'Continue',
  introMobilePay: 'You will confirm the payment in the MobilePay app on your phone.',
  introBlik: 'You will pay with a 6-digit BLIK code from your banking app.',
  introHirePurchase: 'You will choose an instalment plan and get a credit decision right away.',
  cancelPayment: 'Cancel payment and return to the store',
  errorDECLINED: 'The payment was declined and no money was taken. You can try again or choose another option.',
  errorINSUFFICIENT_FUNDS: 'The payment was declined because of insufficient funds. No money was taken.',
  errorAUTHENTICATION_FAILED: 'Card authentication (3-D Secure) failed and no money was taken. Please try again.',
  errorCODE_EXPIRED: 'The BLIK code has expired. Generate a new code in your banking app and try again.',
  errorCREDIT_DECLINED: 'The credit application was declined. Please return to the store and choose another payment method.',
  errorREJECTED_IN_APP: 'The payment was rejected in the MobilePay app and no money was taken.',
  errorGeneric: 'The payment did not go through and no money was taken. Please try again.',
  invalidChoice: 'Please choose one of the options.',
  paidTitle: 'Order already paid',
  paidText: 'This order has already been paid. No further payment is needed.',
  expiredTitle: 'Payment link expired',
  expiredText: 'The time to pay for this order has run out. Return to the store to place the order again.',
  confirmingTitle: 'Your bank is confirming the payment',
  confirmingText: 'Your bank has not confirmed the payment yet. We will record it as soon as the bank does, and the store will be told. You can check again or return to the store.',
  checkAgain: 'Check again',
  notFoundTitle: 'Payment not found',
  notFoundText: 'We could not find this payment. Check the link or contact the store.',
  returnToStore: 'Return to the store',
  invalidReturnTitle: 'Payment could not be confirmed',
  invalidReturnText: 'The answer of the payment provider could not be verified, so nothing was changed. Please start the payment again.',
  footer: 'Secure payment by Kassa',
};

const de: HostedPageMessages = {
  pageTitle: 'Zahlung an {store}',
  order: 'Bestellung',
  amount: 'Zu zahlender Betrag',
  total: 'Gesamtbetrag',
  sandbox: 'Testumgebung: Dies ist eine Testzahlung, es wird kein echtes Geld bewegt.',
  language: 'Sprache',
  methodPaymentInitiation: 'Banküberweisung',
  methodCardPayments: 'Kartenzahlung',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Später bezahlen',
  methodHirePurchase: 'Ratenkauf',
  countryLabel: 'Land Ihrer Bank',
  chooseBank: 'Wählen Sie Ihre Bank',
  noBanks: 'Keine Bank in diesem Land akzeptiert Zahlungen in {currency}.',
  payWithBank: 'Mit {bank} bezahlen',
  countryEE: 'Estland',
  countryLV: 'Lettland',
  countryLT: 'Litauen',
  countryFI: 'Finnland',
  countryPL: 'Polen',
  chooseCardOption: 'Wählen Sie die Zahlungsart',
  cardWallet: 'Digitale Geldbörse (Apple Pay, Google Pay)',
  cardCard: 'Kredit- oder Debitkarte',
  choosePeriod: 'Wählen Sie, wann Sie bezahlen',
  period1: 'Den vollen Betrag in 30 Tagen bezahlen',
  period2: 'In 2 Monatsraten aufteilen',
  period3: 'In 3 Monatsraten aufteilen',
  continue: 'Weiter',
  introMobilePay: 'Sie bestätigen die Zahlung in der MobilePay-App auf Ihrem Telefon.',
  introBlik: 'Sie bezahlen mit einem 6-stelligen BLIK-Code aus Ihrer Banking-App.',
  introHirePurchase: 'Sie wählen einen Ratenplan und erhalten sofort eine Kreditentscheidung.',
  cancelPayment: 'Zahlung abbrechen und zum Shop zurückkehren',
  errorDECLINED: 'Die Zahlung wurde abgelehnt, es wurde kein Geld abgebucht. Sie können es erneut versuchen oder eine andere Option wählen.',
  errorINSUFFICIENT_FUNDS: 'Die Zahlung wurde wegen unzureichender Deckung abgelehnt. Es wurde kein Geld abgebucht.',
  errorAUTHENTICATION_FAILED: 'Die Kartenauthentifizierung (3-D Secure) ist fehlgeschlagen, es wurde kein Geld abgebucht. Bitte versuchen Sie es erneut.',
  errorCODE_EXPIRED: 'Der BLIK-Code ist abgelaufen. Erzeugen Sie in Ihrer Banking-App einen neuen Code und versuchen Sie es erneut.',
  errorCREDIT_DECLINED: 'Der Kreditantrag wurde abgelehnt. Bitte kehren Sie zum Shop zurück und wählen Sie eine andere Zahlungsart.',
  errorREJECTED_IN_APP: 'Die Zahlung wurde in der MobilePay-App abgelehnt, es wurde kein Geld abgebucht.',
  errorGeneric: 'Die Zahlung ist nicht durchgegangen, es wurde kein Geld abgebucht. Bitte versuchen Sie es erneut.',
  invalidChoice: 'Bitte wählen Sie eine der Optionen.',
  paidTitle: 'Bestellung bereits bezahlt',
  paidText: 'Diese Bestellung wurde bereits bezahlt. Eine weitere Zahlung ist nicht nötig.',
  expiredTitle: 'Zahlungslink abgelaufen',
  expiredText: 'Die Zeit zum Bezahlen dieser Bestellung ist abgelaufen. Kehren Sie zum Shop zurück, um die Bestellung erneut aufzugeben.',
  confirmingTitle: 'Ihre Bank bestätigt die Zahlung',
  confirmingText: 'Ihre Bank hat die Zahlung noch nicht bestätigt. Wir verbuchen sie, sobald die Bank es tut, und der Shop wird benachrichtigt. Sie können erneut prüfen oder zum Shop zurückkehren.',
  checkAgain: 'Erneut prüfen',
  notFoundTitle: 'Zahlung nicht gefunden',
  notFoundText: 'Wir konnten diese Zahlung nicht finden. Prüfen Sie den Link oder wenden Sie sich an den Shop.',
  returnToStore: 'Zurück zum Shop',
  invalidReturnTitle: 'Zahlung konnte nicht bestätigt werden',
  invalidReturnText: 'Die Antwort des Zahlungsanbieters konnte nicht überprüft werden, daher wurde nichts geändert. Bitte starten Sie die Zahlung erneut.',
  footer: 'Sichere Zahlung über Kassa',
};

const et: HostedPageMessages = {
  pageTitle: 'Makse: {store}',
  order: 'Tellimus',
  amount: 'Tasumisele kuuluv summa',
  total: 'Kogusumma',
  sandbox: 'Liivakast: see on testmakse ja päris raha ei liigu.',
  language: 'Keel',
  methodPaymentInitiation: 'Pangamakse',
  methodCardPayments: 'Kaardimakse',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Maksa hiljem',
  methodHirePurchase: 'Järelmaks',
  countryLabel: 'Sinu panga riik',
  chooseBank: 'Vali oma pank',
  noBanks: 'Ükski selle riigi pank ei võta vastu makseid valuutas {currency}.',
  payWithBank: 'Maksa {bank} kaudu',
  countryEE: 'Eesti',
  countryLV: 'Läti',
  countryLT: 'Leedu',
  countryFI: 'Soome',
  countryPL: 'Poola',
  chooseCardOption: 'Vali makseviis',
  cardWallet: 'Digitaalne rahakott (Apple Pay, Google Pay)',
  cardCard: 'Krediit- või deebetkaart',
  choosePeriod: 'Vali, millal maksta',
  period1: 'Maksa kogu summa 30 päeva jooksul',
  period2: 'Jaga kaheks kuumakseks',
  period3: 'Jaga kolmeks kuumakseks',
  continue: 'Jätka',
  introMobilePay: 'Kinnitad makse oma telefoni MobilePay rakenduses.',
  introBlik: 'Maksad oma panga rakendusest saadud 6-kohalise BLIK-koodiga.',
  introHirePurchase: 'Valid maksegraafiku ja saad krediidiotsuse kohe.',
  cancelPayment: 'Katkesta makse ja naase poodi',
  errorDECLINED: 'Makse lükati tagasi ja raha ei võetud. Võid uuesti proovida või valida muu võimaluse.',
  errorINSUFFICIENT_FUNDS: 'Makse lükati tagasi, sest kontol pole piisavalt raha. Raha ei võetud.',
  errorAUTHENTICATION_FAILED: 'Kaardi autentimine (3-D Secure) ebaõnnestus ja raha ei võetud. Palun proovi uuesti.',
  errorCODE_EXPIRED: 'BLIK-kood on aegunud. Loo oma panga rakenduses uus kood ja proovi uuesti.',
  errorCREDIT_DECLINED: 'Krediiditaotlus lükati tagasi. Palun naase poodi ja vali muu makseviis.',
  errorREJECTED_IN_APP: 'Makse lükati MobilePay rakenduses tagasi ja raha ei võetud.',
  errorGeneric: 'Makse ei õnnestunud ja raha ei võetud. Palun proovi uuesti.',
  invalidChoice: 'Palun vali üks võimalustest.',
  paidTitle: 'Tellimus on juba makstud',
  paidText: 'See tellimus on juba tasutud. Rohkem maksta ei ole vaja.',
  expiredTitle: 'Makselink on aegunud',
  expiredText: 'Selle tellimuse tasumise aeg on läbi. Naase poodi ja esita tellimus uuesti.',
  confirmingTitle: 'Sinu pank kinnitab makset',
  confirmingText: 'Sinu pank ei ole makset veel kinnitanud. Märgime selle kohe, kui pank seda teeb, ja pood saab teate. Võid uuesti kontrollida või poodi naasta.',
  checkAgain: 'Kontrolli uuesti',
  notFoundTitle: 'Makset ei leitud',
  notFoundText: 'Me ei leidnud seda makset. Kontrolli linki või võta ühendust poega.',
  returnToStore: 'Naase poodi',
  invalidReturnTitle: 'Makset ei õnnestunud kinnitada',
  invalidReturnText: 'Makseteenuse pakkuja vastust ei õnnestunud kontrollida, seega midagi ei muudetud. Palun alusta maksmist uuesti.',
  footer: 'Turvaline makse Kassa kaudu',
};

const fi: HostedPageMessages = {
  pageTitle: 'Maksu: {store}',
  order: 'Tilaus',
  amount: 'Maksettava summa',
  total: 'Yhteensä',
  sandbox: 'Testiympäristö: tämä on testimaksu, eikä oikeaa rahaa siirry.',
  language: 'Kieli',
  methodPaymentInitiation: 'Pankkimaksu',
  methodCardPayments: 'Korttimaksu',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Maksa myöhemmin',
  methodHirePurchase: 'Osamaksu',
  countryLabel: 'Pankkisi maa',
  chooseBank: 'Valitse pankkisi',
  noBanks: 'Mikään tämän maan pankki ei hyväksy maksuja valuutassa {currency}.',
  payWithBank: 'Maksa pankilla {bank}',
  countryEE: 'Viro',
  countryLV: 'Latvia',
  countryLT: 'Liettua',
  countryFI: 'Suomi',
  countryPL: 'Puola',
  chooseCardOption: 'Valitse maksutapa',
  cardWallet: 'Digitaalinen lompakko (Apple Pay, Google Pay)',
  cardCard: 'Luotto- tai pankkikortti',
  choosePeriod: 'Valitse, milloin maksat',
  period1: 'Maksa koko summa 30 päivän kuluessa',
  period2: 'Jaa kahteen kuukausierään',
  period3: 'Jaa kolmeen kuukausierään',
  continue: 'Jatka',
  introMobilePay: 'Vahvistat maksun puhelimesi MobilePay-sovelluksessa.',
  introBlik: 'Maksat pankkisovelluksesi 6-numeroisella BLIK-koodilla.',
  introHirePurchase: 'Valitset maksusuunnitelman ja saat luottopäätöksen heti.',
  cancelPayment: 'Peruuta maksu ja palaa kauppaan',
  errorDECLINED: 'Maksu hylättiin, eikä rahaa veloitettu. Voit yrittää uudelleen tai valita toisen vaihtoehdon.',
  errorINSUFFICIENT_FUNDS: 'Maksu hylättiin riittämättömän katteen vuoksi. Rahaa ei veloitettu.',
  errorAUTHENTICATION_FAILED: 'Kortin tunnistautuminen (3-D Secure) epäonnistui, eikä rahaa veloitettu. Yritä uudelleen.',
  errorCODE_EXPIRED: 'BLIK-koodi on vanhentunut. Luo pankkisovelluksessasi uusi koodi ja yritä uudelleen.',
  errorCREDIT_DECLINED: 'Luottohakemus hylättiin. Palaa kauppaan ja valitse toinen maksutapa.',
  errorREJECTED_IN_APP: 'Maksu hylättiin MobilePay-sovelluksessa, eikä rahaa veloitettu.',
  errorGeneric: 'Maksu ei onnistunut, eikä rahaa veloitettu. Yritä uudelleen.',
  invalidChoice: 'Valitse jokin vaihtoehdoista.',
  paidTitle: 'Tilaus on jo maksettu',
  paidText: 'Tämä tilaus on jo maksettu. Lisämaksua ei tarvita.',
  expiredTitle: 'Maksulinkki on vanhentunut',
  expiredText: 'Tämän tilauksen maksuaika on päättynyt. Palaa kauppaan ja tee tilaus uudelleen.',
  confirmingTitle: 'Pankkisi vahvistaa maksua',
  confirmingText: 'Pankkisi ei ole vielä vahvistanut maksua. Kirjaamme sen heti, kun pankki vahvistaa, ja kauppa saa tiedon. Voit tarkistaa uudelleen tai palata kauppaan.',
  checkAgain: 'Tarkista uudelleen',
  notFoundTitle: 'Maksua ei löytynyt',
  notFoundText: 'Emme löytäneet tätä maksua. Tarkista linkki tai ota yhteyttä kauppaan.',
  returnToStore: 'Palaa kauppaan',
  invalidReturnTitle: 'Maksua ei voitu vahvistaa',
  invalidReturnText: 'Maksupalvelun vastausta ei voitu varmentaa, joten mitään ei muutettu. Aloita maksu uudelleen.',
  footer: 'Turvallinen maksu Kassan kautta',
};

const lt: HostedPageMessages = {
  pageTitle: 'Mokėjimas: {store}',
  order: 'Užsakymas',
  amount: 'Mokėtina suma',
  total: 'Iš viso',
  sandbox: 'Testavimo aplinka: tai bandomasis mokėjimas, tikri pinigai nepervedami.',
  language: 'Kalba',
  methodPaymentInitiation: 'Mokėjimas per banką',
  methodCardPayments: 'Mokėjimas kortele',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Mokėti vėliau',
  methodHirePurchase: 'Pirkimas išsimokėtinai',
  countryLabel: 'Jūsų banko šalis',
  chooseBank: 'Pasirinkite savo banką',
  noBanks: 'Nė vienas šios šalies bankas nepriima mokėjimų valiuta {currency}.',
  payWithBank: 'Mokėti per {bank}',
  countryEE: 'Estija',
  countryLV: 'Latvija',
  countryLT: 'Lietuva',
  countryFI: 'Suomija',
  countryPL: 'Lenkija',
  chooseCardOption: 'Pasirinkite mokėjimo būdą',
  cardWallet: 'Skaitmeninė piniginė (Apple Pay, Google Pay)',
  cardCard: 'Kredito arba debeto kortelė',
  choosePeriod: 'Pasirinkite, kada mokėti',
  period1: 'Sumokėti visą sumą per 30 dienų',
  period2: 'Padalyti į 2 mėnesines įmokas',
  period3: 'Padalyti į 3 mėnesines įmokas',
  continue: 'Tęsti',
  introMobilePay: 'Mokėjimą patvirtinsite telefono MobilePay programėlėje.',
  introBlik: 'Mokėsite 6 skaitmenų BLIK kodu iš savo banko programėlės.',
  introHirePurchase: 'Pasirinksite mokėjimo planą ir iškart gausite kredito sprendimą.',
  cancelPayment: 'Atšaukti mokėjimą ir grįžti į parduotuvę',
  errorDECLINED: 'Mokėjimas atmestas, pinigai nenuskaityti. Galite bandyti dar kartą arba pasirinkti kitą būdą.',
  errorINSUFFICIENT_FUNDS: 'Mokėjimas atmestas dėl nepakankamų lėšų. Pinigai nenuskaityti.',
  errorAUTHENTICATION_FAILED: 'Kortelės autentifikavimas (3-D Secure) nepavyko, pinigai nenuskaityti. Bandykite dar kartą.',
  errorCODE_EXPIRED: 'BLIK kodas nebegalioja. Sugeneruokite naują kodą banko programėlėje ir bandykite dar kartą.',
  errorCREDIT_DECLINED: 'Kredito paraiška atmesta. Grįžkite į parduotuvę ir pasirinkite kitą mokėjimo būdą.',
  errorREJECTED_IN_APP: 'Mokėjimas atmestas MobilePay programėlėje, pinigai nenuskaityti.',
  errorGeneric: 'Mokėjimas neįvyko, pinigai nenuskaityti. Bandykite dar kartą.',
  invalidChoice: 'Pasirinkite vieną iš galimybių.',
  paidTitle: 'Užsakymas jau apmokėtas',
  paidText: 'Šis užsakymas jau apmokėtas. Daugiau mokėti nereikia.',
  expiredTitle: 'Mokėjimo nuoroda nebegalioja',
  expiredText: 'Šio užsakymo apmokėjimo laikas baigėsi. Grįžkite į parduotuvę ir pateikite užsakymą iš naujo.',
  confirmingTitle: 'Jūsų bankas tvirtina mokėjimą',
  confirmingText: 'Jūsų bankas dar nepatvirtino mokėjimo. Užregistruosime jį, kai tik bankas patvirtins, ir parduotuvei bus pranešta. Galite patikrinti dar kartą arba grįžti į parduotuvę.',
  checkAgain: 'Tikrinti dar kartą',
  notFoundTitle: 'Mokėjimas nerastas',
  notFoundText: 'Šio mokėjimo neradome. Patikrinkite nuorodą arba susisiekite su parduotuve.',
  returnToStore: 'Grįžti į parduotuvę',
  invalidReturnTitle: 'Mokėjimo patvirtinti nepavyko',
  invalidReturnText: 'Mokėjimo paslaugų teikėjo atsakymo patikrinti nepavyko, todėl niekas nepakeista. Pradėkite mokėjimą iš naujo.',
  footer: 'Saugus mokėjimas per Kassa',
};

const lv: HostedPageMessages = {
  pageTitle: 'Maksājums: {store}',
  order: 'Pasūtījums',
  amount: 'Maksājamā summa',
  total: 'Kopā',
  sandbox: 'Testa vide: šis ir testa maksājums, īsta nauda netiek pārskaitīta.',
  language: 'Valoda',
  methodPaymentInitiation: 'Bankas maksājums',
  methodCardPayments: 'Maksājums ar karti',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Maksāt vēlāk',
  methodHirePurchase: 'Pirkums uz nomaksu',
  countryLabel: 'Jūsu bankas valsts',
  chooseBank: 'Izvēlieties savu banku',
  noBanks: 'Neviena šīs valsts banka nepieņem maksājumus valūtā {currency}.',
  payWithBank: 'Maksāt ar {bank}',
  countryEE: 'Igaunija',
  countryLV: 'Latvija',
  countryLT: 'Lietuva',
  countryFI: 'Somija',
  countryPL: 'Polija',
  chooseCardOption: 'Izvēlieties maksājuma veidu',
  cardWallet: 'Digitālais maks (Apple Pay, Google Pay)',
  cardCard: 'Kredītkarte vai debetkarte',
  choosePeriod: 'Izvēlieties, kad maksāt',
  period1: 'Samaksāt visu summu 30 dienu laikā',
  period2: 'Sadalīt 2 ikmēneša maksājumos',
  period3: 'Sadalīt 3 ikmēneša maksājumos',
  continue: 'Turpināt',
  introMobilePay: 'Maksājumu apstiprināsiet MobilePay lietotnē savā tālrunī.',
  introBlik: 'Maksāsiet ar 6 ciparu BLIK kodu no savas bankas lietotnes.',
  introHirePurchase: 'Izvēlēsieties maksājumu grafiku un uzreiz saņemsiet kredīta lēmumu.',
  cancelPayment: 'Atcelt maksājumu un atgriezties veikalā',
  errorDECLINED: 'Maksājums tika noraidīts, nauda netika noņemta. Varat mēģināt vēlreiz vai izvēlēties citu iespēju.',
  errorINSUFFICIENT_FUNDS: 'Maksājums tika noraidīts nepietiekamu līdzekļu dēļ. Nauda netika noņemta.',
  errorAUTHENTICATION_FAILED: 'Kartes autentifikācija (3-D Secure) neizdevās, nauda netika noņemta. Lūdzu, mēģiniet vēlreiz.',
  errorCODE_EXPIRED: 'BLIK koda derīgums ir beidzies. Izveidojiet jaunu kodu bankas lietotnē un mēģiniet vēlreiz.',
  errorCREDIT_DECLINED: 'Kredīta pieteikums tika noraidīts. Lūdzu, atgriezieties veikalā un izvēlieties citu maksājuma veidu.',
  errorREJECTED_IN_APP: 'Maksājums tika noraidīts MobilePay lietotnē, nauda netika noņemta.',
  errorGeneric: 'Maksājums neizdevās, nauda netika noņemta. Lūdzu, mēģiniet vēlreiz.',
  invalidChoice: 'Lūdzu, izvēlieties kādu no iespējām.',
  paidTitle: 'Pasūtījums jau ir apmaksāts',
  paidText: 'Šis pasūtījums jau ir apmaksāts. Vairs nav jāmaksā.',
  expiredTitle: 'Maksājuma saite vairs nav derīga',
  expiredText: 'Šī pasūtījuma apmaksas laiks ir beidzies. Atgriezieties veikalā, lai pasūtītu vēlreiz.',
  confirmingTitle: 'Jūsu banka apstiprina maksājumu',
  confirmingText: 'Jūsu banka vēl nav apstiprinājusi maksājumu. Mēs to reģistrēsim, tiklīdz banka to apstiprinās, un veikals tiks informēts. Varat pārbaudīt vēlreiz vai atgriezties veikalā.',
  checkAgain: 'Pārbaudīt vēlreiz',
  notFoundTitle: 'Maksājums nav atrasts',
  notFoundText: 'Mēs nevarējām atrast šo maksājumu. Pārbaudiet saiti vai sazinieties ar veikalu.',
  returnToStore: 'Atgriezties veikalā',
  invalidReturnTitle: 'Maksājumu neizdevās apstiprināt',
  invalidReturnText: 'Maksājumu pakalpojuma sniedzēja atbildi neizdevās pārbaudīt, tāpēc nekas netika mainīts. Lūdzu, sāciet maksājumu no jauna.',
  footer: 'Drošs maksājums ar Kassa',
};

const pl: HostedPageMessages = {
  pageTitle: 'Płatność dla {store}',
  order: 'Zamówienie',
  amount: 'Kwota do zapłaty',
  total: 'Razem',
  sandbox: 'Środowisko testowe: to płatność testowa, prawdziwe pieniądze nie są przesyłane.',
  language: 'Język',
  methodPaymentInitiation: 'Płatność przez bank',
  methodCardPayments: 'Płatność kartą',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Zapłać później',
  methodHirePurchase: 'Zakup na raty',
  countryLabel: 'Kraj Twojego banku',
  chooseBank: 'Wybierz swój bank',
  noBanks: 'Żaden bank w tym kraju nie przyjmuje płatności w walucie {currency}.',
  payWithBank: 'Zapłać przez {bank}',
  countryEE: 'Estonia',
  countryLV: 'Łotwa',
  countryLT: 'Litwa',
  countryFI: 'Finlandia',
  countryPL: 'Polska',
  chooseCardOption: 'Wybierz sposób płatności',
  cardWallet: 'Portfel cyfrowy (Apple Pay, Google Pay)',
  cardCard: 'Karta kredytowa lub debetowa',
  choosePeriod: 'Wybierz termin płatności',
  period1: 'Zapłać całą kwotę w ciągu 30 dni',
  period2: 'Podziel na 2 raty miesięczne',
  period3: 'Podziel na 3 raty miesięczne',
  continue: 'Dalej',
  introMobilePay: 'Potwierdzisz płatność w aplikacji MobilePay na swoim telefonie.',
  introBlik: 'Zapłacisz 6-cyfrowym kodem BLIK z aplikacji swojego banku.',
  introHirePurchase: 'Wybierzesz plan ratalny i od razu otrzymasz decyzję kredytową.',
  cancelPayment: 'Anuluj płatność i wróć do sklepu',
  errorDECLINED: 'Płatność została odrzucona, pieniądze nie zostały pobrane. Możesz spróbować ponownie lub wybrać inną opcję.',
  errorINSUFFICIENT_FUNDS: 'Płatność została odrzucona z powodu braku środków. Pieniądze nie zostały pobrane.',
  errorAUTHENTICATION_FAILED: 'Uwierzytelnienie karty (3-D Secure) nie powiodło się, pieniądze nie zostały pobrane. Spróbuj ponownie.',
  errorCODE_EXPIRED: 'Kod BLIK wygasł. Wygeneruj nowy kod w aplikacji bankowej i spróbuj ponownie.',
  errorCREDIT_DECLINED: 'Wniosek kredytowy został odrzucony. Wróć do sklepu i wybierz inną metodę płatności.',
  errorREJECTED_IN_APP: 'Płatność została odrzucona w aplikacji MobilePay, pieniądze nie zostały pobrane.',
  errorGeneric: 'Płatność nie powiodła się, pieniądze nie zostały pobrane. Spróbuj ponownie.',
  invalidChoice: 'Wybierz jedną z opcji.',
  paidTitle: 'Zamówienie jest już opłacone',
  paidText: 'To zamówienie zostało już opłacone. Kolejna płatność nie jest potrzebna.',
  expiredTitle: 'Link do płatności wygasł',
  expiredText: 'Czas na opłacenie tego zamówienia minął. Wróć do sklepu, aby złożyć zamówienie ponownie.',
  confirmingTitle: 'Twój bank potwierdza płatność',
  confirmingText: 'Twój bank jeszcze nie potwierdził płatności. Zarejestrujemy ją, gdy tylko bank to zrobi, a sklep zostanie powiadomiony. Możesz sprawdzić ponownie lub wrócić do sklepu.',
  checkAgain: 'Sprawdź ponownie',
  notFoundTitle: 'Nie znaleziono płatności',
  notFoundText: 'Nie znaleźliśmy tej płatności. Sprawdź link lub skontaktuj się ze sklepem.',
  returnToStore: 'Wróć do sklepu',
  invalidReturnTitle: 'Nie udało się potwierdzić płatności',
  invalidReturnText: 'Nie udało się zweryfikować odpowiedzi dostawcy płatności, więc nic nie zostało zmienione. Rozpocznij płatność ponownie.',
  footer: 'Bezpieczna płatność przez Kassa',
};

const ru: HostedPageMessages = {
  pageTitle: 'Оплата: {store}',
  order: 'Заказ',
  amount: 'Сумма к оплате',
  total: 'Итого',
  sandbox: 'Тестовая среда: это тестовый платёж, реальные деньги не списываются.',
  language: 'Язык',
  methodPaymentInitiation: 'Банковский платёж',
  methodCardPayments: 'Оплата картой',
  methodMobilePay: 'MobilePay',
  methodBlik: 'BLIK',
  methodBnpl: 'Оплата позже',
  methodHirePurchase: 'Покупка в рассрочку',
  countryLabel: 'Страна вашего банка',
  chooseBank: 'Выберите свой банк',
  noBanks: 'Ни один банк этой страны не принимает платежи в валюте {currency}.',
  payWithBank: 'Оплатить через {bank}',
  countryEE: 'Эстония',
  countryLV: 'Латвия',
  countryLT: 'Литва',
  countryFI: 'Финляндия',
  countryPL: 'Польша',
  chooseCardOption: 'Выберите способ оплаты',
  cardWallet: 'Цифровой кошелёк (Apple Pay, Google Pay)',
  cardCard: 'Кредитная или дебетовая карта',
  choosePeriod: 'Выберите, когда платить',
  period1: 'Оплатить всю сумму в течение 30 дней',
  period2: 'Разделить на 2 ежемесячных платежа',
  period3: 'Разделить на 3 ежемесячных платежа',
  continue: 'Продолжить',
  introMobilePay: 'Вы подтвердите платёж в приложении MobilePay на своём телефоне.',
  introBlik: 'Вы оплатите 6-значным кодом BLIK из приложения своего банка.',
  introHirePurchase: 'Вы выберете план рассрочки и сразу получите решение по кредиту.',
  cancelPayment: 'Отменить платёж и вернуться в магазин',
  errorDECLINED: 'Платёж отклонён, деньги не списаны. Вы можете попробовать ещё раз или выбрать другой вариант.',
  errorINSUFFICIENT_FUNDS: 'Платёж отклонён из-за недостатка средств. Деньги не списаны.',
  errorAUTHENTICATION_FAILED: 'Аутентификация карты (3-D Secure) не пройдена, деньги не списаны. Попробуйте ещё раз.',
  errorCODE_EXPIRED: 'Срок действия кода BLIK истёк. Создайте новый код в банковском приложении и попробуйте ещё раз.',
  errorCREDIT_DECLINED: 'В кредите отказано. Вернитесь в магазин и выберите другой способ оплаты.',
  errorREJECTED_IN_APP: 'Платёж отклонён в приложении MobilePay, деньги не списаны.',
  errorGeneric: 'Платёж не прошёл, деньги не списаны. Попробуйте ещё раз.',
  invalidChoice: 'Выберите один из вариантов.',
  paidTitle: 'Заказ уже оплачен',
  paidText: 'Этот заказ уже оплачен. Повторная оплата не требуется.',
  expiredTitle: 'Срок действия ссылки на оплату истёк',
  expiredText: 'Время на оплату этого заказа истекло. Вернитесь в магазин, чтобы оформить заказ заново.',
  confirmingTitle: 'Ваш банк подтверждает платёж',
  confirmingText: 'Ваш банк ещё не подтвердил платёж. Мы зарегистрируем его, как только банк это сделает, и магазин получит уведомление. Вы можете проверить ещё раз или вернуться в магазин.',
  checkAgain: 'Проверить ещё раз',
  notFoundTitle: 'Платёж не найден',
  notFoundText: 'Мы не нашли этот платёж. Проверьте ссылку или свяжитесь с магазином.',
  returnToStore: 'Вернуться в магазин',
  invalidReturnTitle: 'Не удалось подтвердить платёж',
  invalidReturnText: 'Не удалось проверить ответ платёжного провайдера, поэтому ничего не изменено. Начните оплату заново.',
  footer: 'Безопасная оплата через Kassa',
};

export const MESSAGES: Readonly<Record<Locale, HostedPageMessages>> = { de, en, et, fi, lt, lv, pl, ru };

export function messages(locale: Locale): HostedPageMessages {
  return MESSAGES[locale];
}

export const METHOD_TITLE_KEYS: Readonly<Record<PaymentMethodName, MethodTitleKey>> = methodTable((_, m) => `method${m.charAt(0).toUpperCase()}${m.slice(1)}` as MethodTitleKey);

export const COUNTRY_KEYS: Readonly<Record<CountryCode, keyof HostedPageMessages>> = {
  EE: 'countryEE',
  LV: 'countryLV',
  LT: 'countryLT',
  FI: 'countryFI',
  PL: 'countryPL',
};

/** Failure reasons the page explains; any other reason shows errorGeneric. */
const FAILURE_KEYS: Readonly<Record<string, keyof HostedPageMessages>> = {
  DECLINED: 'errorDECLINED',
  INSUFFICIENT_FUNDS: 'errorINSUFFICIENT_FUNDS',
  AUTHENTICATION_FAILED: 'errorAUTHENTICATION_FAILED',
  CODE_EXPIRED: 'errorCODE_EXPIRED',
  CREDIT_DECLINED: 'errorCREDIT_DECLINED',
  REJECTED_IN_APP: 'errorREJECTED_IN_APP',
};

export function failureMessageKey(reason: string | null): keyof HostedPageMessages {
  return (reason && FAILURE_KEYS[reason]) || 'errorGeneric';
}

/**
 * The page's language: the shopper's ?lang= choice; else, for bank payments and BLIK, the
 * merchant's methodOptions.preferredLocale; else the order's locale.
 */
export function pageLocale(order: Pick<OrderRow, 'locale' | 'payment_method' | 'method_options'>, requested?: string): Locale {
  if (isLocale(requested)) return requested;
  const preferred = order.method_options?.preferredLocale;
  if ((order.payment_method === 'paymentInitiation' || order.payment_method === 'blik') && isLocale(preferred)) return preferred;
  return order.locale;
}
