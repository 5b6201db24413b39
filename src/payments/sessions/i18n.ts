/**
 * The embedded card form's own texts (the card fields, the 3-D Secure step and the decline reasons
 * come from the card simulator's and the hosted pages' catalogues). All eight locales.
 */
import type { Locale } from '../../platform/locales.js';

export interface EmbeddedMessages {
  noOrder: string;
  paid: string;
  checkDetails: string;
  notFound: string;
}

const EMBEDDED: Readonly<Record<Locale, EmbeddedMessages>> = {
  en: {
    noOrder: 'The order is not ready for payment yet. Please try again in a moment.',
    paid: 'Payment received. Thank you!',
    checkDetails: 'Please check the card details.',
    notFound: 'This payment form is not available.',
  },
  de: {
    noOrder: 'Die Bestellung ist noch nicht zur Zahlung bereit. Bitte versuchen Sie es gleich noch einmal.',
    paid: 'Zahlung erhalten. Vielen Dank!',
    checkDetails: 'Bitte prüfen Sie die Kartendaten.',
    notFound: 'Dieses Zahlungsformular ist nicht verfügbar.',
  },
  et: {
    noOrder: 'Tellimus pole veel maksmiseks valmis. Palun proovige hetke pärast uuesti.',
    paid: 'Makse on laekunud. Aitäh!',
    checkDetails: 'Palun kontrollige kaardi andmeid.',
    notFound: 'See maksevorm ei ole saadaval.',
  },
  fi: {
    noOrder: 'Tilaus ei ole vielä valmis maksettavaksi. Yritä hetken kuluttua uudelleen.',
    paid: 'Maksu vastaanotettu. Kiitos!',
    checkDetails: 'Tarkista kortin tiedot.',
    notFound: 'Tämä maksulomake ei ole käytettävissä.',
  },
  lt: {
    noOrder: 'Užsakymas dar neparuoštas apmokėti. Bandykite dar kartą po akimirkos.',
    paid: 'Mokėjimas gautas. Ačiū!',
    checkDetails: 'Patikrinkite kortelės duomenis.',
    notFound: 'Ši mokėjimo forma nepasiekiama.',
  },
  lv: {
    noOrder: 'Pasūtījums vēl nav gatavs apmaksai. Lūdzu, mēģiniet vēlreiz pēc brīža.',
    paid: 'Maksājums saņemts. Paldies!',
    checkDetails: 'Lūdzu, pārbaudiet kartes datus.',
    notFound: 'Šī maksājuma forma nav pieejama.',
  },
  pl: {
    noOrder: 'Zamówienie nie jest jeszcze gotowe do zapłaty. Spróbuj ponownie za chwilę.',
    paid: 'Płatność otrzymana. Dziękujemy!',
    checkDetails: 'Sprawdź dane karty.',
    notFound: 'Ten formularz płatności jest niedostępny.',
  },
  ru: {
    noOrder: 'Заказ ещё не готов к оплате. Пожалуйста, повторите попытку через минуту.',
    paid: 'Платёж получен. Спасибо!',
    checkDetails: 'Пожалуйста, проверьте данные карты.',
    notFound: 'Эта платёжная форма недоступна.',
  },
};

export function embeddedMessages(locale: Locale): EmbeddedMessages {
  return EMBEDDED[locale];
}
