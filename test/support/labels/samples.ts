/**
 * Deterministic sample labels for tests, the benchmark and previews. Names and places are
 * deliberately Baltic, Polish and Cyrillic so every run exercises the font fallback.
 */
import type { LabelInput, LockerSize } from '../../../src/shipping/labels/model.js';

const CARRIERS = [
  { code: 'omniva', name: 'Omniva' },
  { code: 'smartpost', name: 'Smartpost' },
  { code: 'inpost', name: 'InPost' },
  { code: 'dpd', name: 'DPD' },
] as const;

const RECEIVERS = [
  { name: 'Jānis Bērziņš', streetAddress: 'Brīvības iela 123-45', locality: 'Rīga', postalCode: 'LV-1010', country: 'LV', phone: '+371 2000 0000' },
  { name: 'Małgorzata Wiśniewska-Żółkowska', streetAddress: 'ul. Piotrkowska 104/12', locality: 'Łódź', postalCode: '90-926', country: 'PL', phone: '+48 600 000 000' },
  { name: 'Žydrūnas Šimkūnas', streetAddress: 'Vilniaus g. 213', locality: 'Šiauliai', postalCode: 'LT-76343', country: 'LT', phone: '+370 600 00000' },
  { name: 'Анна Кузнецова', streetAddress: 'ул. Тверская, д. 7, кв. 12', locality: 'Нарва', postalCode: '20308', country: 'EE', phone: '+372 5000 0000' },
  { name: 'Kärt Õunapuu', streetAddress: 'Pärnu mnt 10', locality: 'Tallinn', postalCode: '10148', country: 'EE' },
] as const;

const POINTS: Readonly<Record<string, { id: string; name: string; streetAddress: string; locality: string; postalCode: string }>> = {
  LV: { id: '9152', name: 'Rimi Āgenskalns pakomāts', streetAddress: 'Nometņu iela 64', locality: 'Rīga', postalCode: 'LV-1002' },
  PL: { id: 'WAW123M', name: 'Paczkomat WAW123M (Żabka)', streetAddress: 'ul. Świętokrzyska 31/33', locality: 'Warszawa', postalCode: '00-049' },
  LT: { id: 'LT-88031', name: 'Maxima XXX Šilainiai paštomatas', streetAddress: 'Baltų pr. 16', locality: 'Kaunas', postalCode: 'LT-48171' },
  EE: { id: '7301', name: 'Lõunakeskuse pakiautomaat', streetAddress: 'Ringtee 75', locality: 'Tartu', postalCode: '50501' },
};

const LOCKERS: readonly LockerSize[] = ['XS', 'S', 'M', 'L', 'XL'];

/** The i-th sample label (i ≥ 0); every field a label can print is present on some of them. */
export function sampleLabel(i: number, overrides: Partial<LabelInput> = {}): LabelInput {
  const carrier = CARRIERS[i % CARRIERS.length] as (typeof CARRIERS)[number];
  const receiver = RECEIVERS[i % RECEIVERS.length] as (typeof RECEIVERS)[number];
  const pickup = i % 2 === 0;
  const point = POINTS[receiver.country] ?? POINTS.LV; // pickup points are in the receiver's country
  const parcelCount = 1 + (i % 3);
  const trackingNumber = `${carrier.code.slice(0, 2).toUpperCase()}${String(100000000000 + i * 7919).padStart(12, '0')}LV`;
  const label: LabelInput = {
    trackingNumber,
    carrier: { ...carrier },
    service: pickup ? 'pickupPoint' : 'courier',
    sender: {
      name: 'SIA Ķiploku Pasaule',
      streetAddress: 'Ganību dambis 24A',
      locality: 'Rīga',
      postalCode: 'LV-1005',
      country: 'LV',
      phone: '+371 6700 0000',
    },
    receiver: { ...receiver },
    ...(pickup && point ? { pickupPoint: { ...point }, lockerSize: LOCKERS[i % LOCKERS.length] as LockerSize } : {}),
    parcelIndex: 1 + (i % parcelCount),
    parcelCount,
    weightKg: Math.round((0.35 + (i % 17) * 1.37) * 100) / 100,
    merchantReference: `ORDER-${String(20250000 + i)}`,
    createdAt: new Date(Date.UTC(2025, 2, 14, 9, 30) + i * 60_000),
    ...(i % 3 === 0 && pickup ? { dropOffPin: String(100000 + ((i * 7477) % 900000)) } : {}),
    ...(i % 4 === 1 ? { cod: { amountMinor: 2599 + i * 101, currency: 'EUR' } } : {}),
    ...(i % 2 === 1 || i % 4 === 0 ? { trackingUrl: `https://track.kassa.example/p/${trackingNumber}` } : {}),
  };
  return { ...label, ...overrides };
}

export function sampleLabels(count: number, start = 0): LabelInput[] {
  return Array.from({ length: count }, (_, k) => sampleLabel(start + k));
}
