/**
 * The real places the pickup point data set is generated from: towns and cities of the five
 * countries with their region, approximate population (2023–2024) and postal code ranges; the
 * districts, shopping centres and main streets of the big cities; each country's common street
 * names and the shop chains that host parcel machines and parcel shops. Input of
 * `generate-points.ts` only; pure data.
 *
 * Postal code ranges are the numeric value of the code's digits (EE 10111 → 10111, LV-1050 →
 * 1050, LT-01100 → 1100, PL 00-950 → 950), inclusive.
 */
import type { CountryCode } from '../carriers/countries.js';

export interface City {
  name: string;
  region: string;
  population: number;
  postal: readonly (readonly [number, number])[];
  districts?: readonly string[];
  malls?: readonly string[];
  streets?: readonly string[];
}

export interface CountryPlaces {
  country: CountryCode;
  /** Common street names, written as on signs (with their type word). */
  streets: readonly string[];
  groceries: readonly string[];
  fuel: readonly string[];
  kiosks: readonly string[];
  /** Postal codes of a range step by this much (Finland's end in 0). */
  postalStep: number;
  cities: readonly City[];
}

const c = (name: string, region: string, population: number, lo: number, hi: number = lo, extra: Partial<City> = {}): City => ({
  name,
  region,
  population,
  postal: [[lo, hi]],
  ...extra,
});

// ---------------------------------------------------------------------------------------------
const EE: CountryPlaces = {
  country: 'EE',
  postalStep: 1,
  streets: [
    'Pikk tn', 'Lai tn', 'Kesk tn', 'Jaama tn', 'Posti tn', 'Kooli tn', 'Aia tn', 'Vabriku tn', 'Tööstuse tn', 'Männi tn',
    'Kase tn', 'Tamme tn', 'Pärna tn', 'Vahtra tn', 'Lepa tn', 'Rüütli tn', 'Tallinna mnt', 'Tartu mnt', 'Pärnu mnt',
    'Narva mnt', 'Riia mnt', 'Väike tn', 'Turu tn', 'Lossi tn', 'Kiriku tn', 'Sadama tn', 'Lõuna tn', 'Põhja tn', 'Ida tn',
    'Uus tn', 'Mõisa tn', 'Pargi tn', 'Staadioni tn', 'Spordi tn', 'Metsa tn', 'Nurme tn', 'Kalda tn', 'Silla tn',
    'Veski tn', 'Tehnika tn', 'Jõe tn', 'Karja tn', 'Rahu tn', 'Vabaduse pst', 'Ringtee', 'Raudtee tn', 'Kaare tn',
  ],
  groceries: ['Selver', 'Rimi', 'Maxima', 'Prisma', 'Coop Konsum', 'Grossi', 'Lidl', 'Comarket'],
  fuel: ['Circle K', 'Neste', 'Alexela', 'Olerex', 'Terminal'],
  kiosks: ['R-Kiosk', 'Coop Konsum', 'Säästumarket'],
  cities: [
    c('Tallinn', 'Harju maakond', 457_000, 10111, 13999, {
      districts: ['Kesklinn', 'Lasnamäe', 'Mustamäe', 'Haabersti', 'Kristiine', 'Nõmme', 'Pirita', 'Põhja-Tallinn'],
      malls: [
        'Kristiine Keskus', 'Ülemiste Keskus', 'Rocca al Mare Keskus', 'Viru Keskus', 'Solaris Keskus', 'Järve Keskus',
        'Mustamäe Keskus', 'Lasnamäe Centrum', 'Magistral Keskus', 'Sikupilli Keskus', 'Balti Jaama Turg', 'Arsenal Keskus',
        'Nõmme Keskus', 'Mustika Keskus', 'T1 Mall of Tallinn', 'Kaubamaja', 'Stockmann',
      ],
      streets: [
        'Pärnu mnt', 'Narva mnt', 'Tartu mnt', 'Peterburi tee', 'Paldiski mnt', 'Sõpruse pst', 'Mustamäe tee', 'Endla tn',
        'Tammsaare tee', 'Laagna tee', 'Punane tn', 'Vabaduse pst', 'Kopli tn', 'Sõle tn', 'Ehitajate tee', 'Akadeemia tee',
        'Lõõtsa tn', 'Mahtra tn', 'Pirita tee', 'Vilde tee', 'Järveotsa tee', 'Kadaka tee', 'Tulika tn', 'Rävala pst',
        'Liivalaia tn', 'Gonsiori tn', 'Kotzebue tn', 'Telliskivi tn', 'Kristiine tn', 'Retke tee', 'Vana-Lõuna tn',
      ],
    }),
    c('Tartu', 'Tartu maakond', 97_000, 50050, 51099, {
      districts: ['Kesklinn', 'Annelinn', 'Karlova', 'Supilinn', 'Tammelinn', 'Ropka', 'Veeriku', 'Ülejõe', 'Tähtvere', 'Maarjamõisa'],
      malls: ['Lõunakeskus', 'Tasku Keskus', 'Eedeni Keskus', 'Kvartal', 'Annelinna Keskus', 'Zeppelini Keskus', 'Tartu Kaubamaja'],
      streets: ['Riia tn', 'Võru tn', 'Turu tn', 'Ringtee tn', 'Narva mnt', 'Raatuse tn', 'Anne tn', 'Jaama tn', 'Aardla tn', 'Sõbra tn', 'Kalda tee', 'Ülikooli tn', 'Vanemuise tn'],
    }),
    c('Narva', 'Ida-Viru maakond', 53_000, 20101, 21020, {
      malls: ['Astri Keskus', 'Fama Keskus', 'Pähklimäe Keskus'],
      streets: ['Tallinna mnt', 'Kreenholmi tn', 'Puškini tn', 'Rakvere tn', 'Kangelaste pst', 'Tiimani tn', 'Kerese tn', 'Daumani tn'],
    }),
    c('Pärnu', 'Pärnu maakond', 52_000, 80010, 80099, {
      malls: ['Pärnu Keskus', 'Port Artur', 'Kaubamajakas', 'Ülejõe Selver'],
      streets: ['Riia mnt', 'Tallinna mnt', 'Papiniidu tn', 'Lai tn', 'Rüütli tn', 'Karja tn', 'Aisa tn', 'Haapsalu mnt'],
    }),
    c('Kohtla-Järve', 'Ida-Viru maakond', 32_000, 30301, 31099, { streets: ['Järveküla tee', 'Keskallee', 'Kalevi tn', 'Ahtme mnt', 'Puru tee'] }),
    c('Viljandi', 'Viljandi maakond', 17_000, 71001, 71099, { streets: ['Tallinna tn', 'Tartu tn', 'Lossi tn', 'Ranna pst', 'Vaksali tn'] }),
    c('Maardu', 'Harju maakond', 16_000, 74111, 74199),
    c('Rakvere', 'Lääne-Viru maakond', 15_000, 44301, 44399, { streets: ['Tallinna tn', 'Lõuna põik', 'Tuleviku tn', 'Laada tn'] }),
    c('Kuressaare', 'Saare maakond', 13_000, 93801, 93899),
    c('Sillamäe', 'Ida-Viru maakond', 12_500, 40231, 40299),
    c('Võru', 'Võru maakond', 12_000, 65601, 65699),
    c('Valga', 'Valga maakond', 12_000, 68201, 68299),
    c('Jõhvi', 'Ida-Viru maakond', 10_000, 41531, 41599),
    c('Haapsalu', 'Lääne maakond', 9_700, 90501, 90599),
    c('Keila', 'Harju maakond', 10_000, 76601, 76699),
    c('Paide', 'Järva maakond', 8_000, 72711, 72799),
    c('Viimsi', 'Harju maakond', 20_000, 74001, 74099),
    c('Saue', 'Harju maakond', 6_000, 76501, 76599),
    c('Elva', 'Tartu maakond', 5_700, 61501, 61599),
    c('Põlva', 'Põlva maakond', 5_500, 63301, 63399),
    c('Rapla', 'Rapla maakond', 5_000, 79511, 79599),
    c('Jõgeva', 'Jõgeva maakond', 5_000, 48301, 48399),
    c('Türi', 'Järva maakond', 5_000, 72211, 72299),
    c('Tapa', 'Lääne-Viru maakond', 5_200, 45101, 45199),
    c('Põltsamaa', 'Jõgeva maakond', 3_900, 48101, 48199),
    c('Kiviõli', 'Ida-Viru maakond', 5_000, 43121, 43199),
    c('Kärdla', 'Hiiu maakond', 3_200, 92411, 92499),
    c('Otepää', 'Valga maakond', 2_000, 67401, 67499),
    c('Jüri', 'Harju maakond', 4_000, 75301, 75399),
    c('Saku', 'Harju maakond', 5_000, 75501, 75599),
    c('Tabasalu', 'Harju maakond', 7_000, 76901, 76999),
    c('Sindi', 'Pärnu maakond', 4_000, 86701, 86799),
    c('Kehra', 'Harju maakond', 2_800, 74301, 74399),
    c('Räpina', 'Põlva maakond', 2_500, 64501, 64599),
    c('Kunda', 'Lääne-Viru maakond', 3_000, 44101, 44199),
    c('Tõrva', 'Valga maakond', 2_500, 68601, 68699),
  ],
};

// ---------------------------------------------------------------------------------------------
const LV: CountryPlaces = {
  country: 'LV',
  postalStep: 1,
  streets: [
    'Rīgas iela', 'Skolas iela', 'Brīvības iela', 'Pils iela', 'Dārza iela', 'Stacijas iela', 'Baznīcas iela', 'Lielā iela',
    'Tirgus iela', 'Raiņa iela', 'Lāčplēša iela', 'Meža iela', 'Parka iela', 'Ezera iela', 'Upes iela', 'Jaunā iela',
    'Kalna iela', 'Ozolu iela', 'Liepu iela', 'Bērzu iela', 'Priežu iela', 'Zaļā iela', 'Dzirnavu iela', 'Smilšu iela',
    'Krasta iela', 'Tilta iela', 'Ganību iela', 'Pasta iela', 'Aspazijas iela', 'Zemgales iela', 'Celtnieku iela',
    'Rūpniecības iela', 'Saules iela', 'Avotu iela', 'Miera iela', 'Dzelzceļa iela', 'Daugavas iela', 'Kr. Valdemāra iela',
  ],
  groceries: ['Rimi', 'Maxima', 'Top!', 'Mego', 'Elvi', 'Lidl', 'Aibe', 'Beta'],
  fuel: ['Circle K', 'Neste', 'Virši', 'Viada'],
  kiosks: ['Narvesen', 'Aibe', 'Elvi'],
  cities: [
    c('Rīga', 'Rīga', 605_000, 1001, 1084, {
      districts: [
        'Centrs', 'Purvciems', 'Imanta', 'Ķengarags', 'Pļavnieki', 'Ziepniekkalns', 'Teika', 'Mežciems', 'Āgenskalns',
        'Sarkandaugava', 'Jugla', 'Dreiliņi', 'Bolderāja', 'Čiekurkalns', 'Zolitūde', 'Iļģuciems', 'Vecmīlgrāvis', 'Šampēteris',
      ],
      malls: [
        'Alfa', 'Origo', 'Spice', 'Galerija Centrs', 'Akropole Rīga', 'Domina Shopping', 'Riga Plaza', 'Sky & More',
        'Galleria Riga', 'Damme', 'Mols', 'Dole', 'Spice Home', 'Olimpia', 'Akropole Alfa', 'Stockmann',
      ],
      streets: [
        'Brīvības iela', 'Krišjāņa Barona iela', 'Elizabetes iela', 'Dzirnavu iela', 'Lāčplēša iela', 'Ģertrūdes iela',
        'Tērbatas iela', 'Maskavas iela', 'Kārļa Ulmaņa gatve', 'Kurzemes prospekts', 'Augusta Deglava iela', 'Biķernieku iela',
        'Brīvības gatve', 'Krišjāņa Valdemāra iela', 'Aleksandra Čaka iela', 'Gustava Zemgala gatve', 'Slokas iela',
        'Daugavgrīvas iela', 'Lielvārdes iela', 'Ieriķu iela', 'Vienības gatve', 'Mūkusalas iela', 'Ropažu iela',
        'Krasta iela', 'Kalnciema iela', 'Dzelzavas iela', 'Anniņmuižas bulvāris', 'Salnas iela', 'Juglas iela',
      ],
    }),
    c('Daugavpils', 'Latgale', 79_000, 5401, 5422, { streets: ['Rīgas iela', 'Saules iela', 'Cietokšņa iela', 'Vienības iela', '18. novembra iela', 'Jātnieku iela', 'Višķu iela'] }),
    c('Liepāja', 'Kurzeme', 67_000, 3401, 3414, { streets: ['Lielā iela', 'Graudu iela', 'Klaipēdas iela', 'Ziemeļu iela', 'Kuršu iela', 'Jūrmalas iela'] }),
    c('Jelgava', 'Zemgale', 55_000, 3001, 3008, { streets: ['Lielā iela', 'Katoļu iela', 'Rūpniecības iela', 'Pasta iela', 'Loka maģistrāle'] }),
    c('Jūrmala', 'Pierīga', 50_000, 2008, 2016, { streets: ['Jomas iela', 'Talsu šoseja', 'Skolas iela', 'Kauguru iela', 'Raiņa iela'] }),
    c('Ventspils', 'Kurzeme', 33_000, 3601, 3602),
    c('Rēzekne', 'Latgale', 26_000, 4601, 4604),
    c('Valmiera', 'Vidzeme', 23_000, 4201, 4202),
    c('Ogre', 'Pierīga', 23_000, 5001),
    c('Jēkabpils', 'Zemgale', 22_000, 5201, 5202),
    c('Mārupe', 'Pierīga', 22_000, 2167),
    c('Salaspils', 'Pierīga', 18_000, 2169),
    c('Tukums', 'Kurzeme', 17_000, 3101),
    c('Cēsis', 'Vidzeme', 15_000, 4101),
    c('Kuldīga', 'Kurzeme', 11_000, 3301),
    c('Olaine', 'Pierīga', 11_000, 2114),
    c('Sigulda', 'Vidzeme', 11_000, 2150),
    c('Saldus', 'Kurzeme', 10_000, 3801),
    c('Talsi', 'Kurzeme', 9_500, 3201),
    c('Dobele', 'Zemgale', 9_000, 3701),
    c('Bauska', 'Zemgale', 8_500, 3901),
    c('Krāslava', 'Latgale', 8_000, 5601),
    c('Ādaži', 'Pierīga', 7_000, 2164),
    c('Ķekava', 'Pierīga', 6_000, 2123),
    c('Ludza', 'Latgale', 7_500, 5701),
    c('Madona', 'Vidzeme', 7_500, 4801),
    c('Limbaži', 'Vidzeme', 7_000, 4001),
    c('Aizkraukle', 'Vidzeme', 7_000, 5101),
    c('Alūksne', 'Vidzeme', 7_000, 4301),
    c('Gulbene', 'Vidzeme', 7_000, 4401),
    c('Preiļi', 'Latgale', 6_500, 5301),
    c('Balvi', 'Latgale', 6_000, 4501),
    c('Smiltene', 'Vidzeme', 5_000, 4729),
    c('Valka', 'Vidzeme', 4_500, 4701),
  ],
};

// ---------------------------------------------------------------------------------------------
const LT: CountryPlaces = {
  country: 'LT',
  postalStep: 1,
  streets: [
    'Vilniaus g.', 'Kauno g.', 'Gedimino g.', 'Vytauto g.', 'J. Basanavičiaus g.', 'Maironio g.', 'Mokyklos g.', 'Sodų g.',
    'Liepų g.', 'Beržų g.', 'Klevų g.', 'Pušų g.', 'Ąžuolų g.', 'Taikos g.', 'Laisvės g.', 'Respublikos g.', 'Žalgirio g.',
    'Stoties g.', 'Turgaus g.', 'Pramonės g.', 'Statybininkų g.', 'Jaunimo g.', 'Sporto g.', 'Parko g.', 'Ežero g.',
    'Upės g.', 'Tilto g.', 'Bažnyčios g.', 'Naujoji g.', 'Dariaus ir Girėno g.', 'Kęstučio g.', 'Birutės g.', 'Algirdo g.',
    'Mindaugo g.', 'Šviesos g.', 'Vasario 16-osios g.', 'Draugystės g.', 'Aušros g.', 'Melioratorių g.',
  ],
  groceries: ['Maxima', 'Iki', 'Rimi', 'Norfa', 'Lidl', 'Aibė', 'Šilas'],
  fuel: ['Circle K', 'Viada', 'Orlen', 'Neste'],
  kiosks: ['Narvesen', 'Lietuvos spauda', 'Aibė'],
  cities: [
    c('Vilnius', 'Vilniaus apskritis', 590_000, 1001, 14999, {
      districts: [
        'Senamiestis', 'Naujamiestis', 'Žirmūnai', 'Antakalnis', 'Šeškinė', 'Fabijoniškės', 'Pašilaičiai', 'Justiniškės',
        'Karoliniškės', 'Lazdynai', 'Naujoji Vilnia', 'Pilaitė', 'Baltupiai', 'Žvėrynas', 'Šnipiškės', 'Viršuliškės',
        'Naujininkai', 'Vilkpėdė',
      ],
      malls: ['Akropolis', 'Ozas', 'Panorama', 'Europa', 'Gedimino 9', 'CUP', 'BIG', 'Domus Galerija', 'Mandarinas', 'Nordika'],
      streets: [
        'Gedimino pr.', 'Konstitucijos pr.', 'Ukmergės g.', 'Savanorių pr.', 'Kalvarijų g.', 'Žirmūnų g.', 'Laisvės pr.',
        'Justiniškių g.', 'Antakalnio g.', 'Ozo g.', 'Pilaitės pr.', 'Didlaukio g.', 'Pylimo g.', 'Vokiečių g.',
        'Naugarduko g.', 'Kareivių g.', 'Verkių g.', 'Ateities g.', 'Santariškių g.', 'Šeškinės g.', 'Lazdynų g.',
        'Architektų g.', 'Mindaugo g.', 'Vytenio g.', 'Jasinskio g.', 'Fabijoniškių g.', 'Žygio g.',
      ],
    }),
    c('Kaunas', 'Kauno apskritis', 300_000, 44001, 52999, {
      districts: ['Centras', 'Dainava', 'Šilainiai', 'Eiguliai', 'Žaliakalnis', 'Aleksotas', 'Vilijampolė', 'Petrašiūnai', 'Šančiai', 'Panemunė', 'Gričiupis', 'Kalniečiai'],
      malls: ['Mega', 'Akropolis Kaunas', 'Urmas', 'Molas', 'Savas', 'Girstupis'],
      streets: [
        'Laisvės al.', 'Savanorių pr.', 'Taikos pr.', 'Pramonės pr.', 'Kovo 11-osios g.', 'Baltų pr.', 'Raudondvario pl.',
        'Veiverių g.', 'Jonavos g.', 'Karaliaus Mindaugo pr.', 'Vytauto pr.', 'Partizanų g.', 'Islandijos pl.', 'Chemijos g.',
        'Ateities pl.', 'Pašilės g.',
      ],
    }),
    c('Klaipėda', 'Klaipėdos apskritis', 158_000, 91001, 95999, {
      districts: ['Centras', 'Bandužiai', 'Debrecenas', 'Vingis', 'Smeltė', 'Žardininkai', 'Melnragė'],
      malls: ['Akropolis Klaipėda', 'BIG Klaipėda', 'Studlendas', 'Arena Klaipėda'],
      streets: ['Taikos pr.', 'H. Manto g.', 'Tilžės g.', 'Minijos g.', 'Baltijos pr.', 'Šilutės pl.', 'Liepojos g.', 'Pilies g.', 'Turgaus g.', 'Debreceno g.', 'Smiltelės g.', 'Vingio g.'],
    }),
    c('Šiauliai', 'Šiaulių apskritis', 100_000, 76001, 78999, {
      malls: ['Akropolis Šiauliai', 'Saulės miestas'],
      streets: ['Tilžės g.', 'Vilniaus g.', 'Vytauto g.', 'Dainų g.', 'Gegužių g.', 'Pramonės g.', 'Aido g.', 'Lyros g.', 'Architektų g.'],
    }),
    c('Panevėžys', 'Panevėžio apskritis', 86_000, 35001, 37999, {
      malls: ['Babilonas', 'Panevėžio Akropolis'],
      streets: ['Respublikos g.', 'Klaipėdos g.', 'Smėlynės g.', 'Ramygalos g.', 'J. Basanavičiaus g.', 'Vasario 16-osios g.', 'Pušaloto g.'],
    }),
    c('Alytus', 'Alytaus apskritis', 50_000, 62001, 63999),
    c('Marijampolė', 'Marijampolės apskritis', 37_000, 68001, 68999),
    c('Mažeikiai', 'Telšių apskritis', 32_000, 89001, 89999),
    c('Jonava', 'Kauno apskritis', 27_000, 55001, 55999),
    c('Utena', 'Utenos apskritis', 25_000, 28001, 28999),
    c('Kėdainiai', 'Kauno apskritis', 23_000, 57001, 57999),
    c('Telšiai', 'Telšių apskritis', 21_000, 87001, 87999),
    c('Tauragė', 'Tauragės apskritis', 21_000, 72001, 72999),
    c('Ukmergė', 'Vilniaus apskritis', 20_000, 20001, 20999),
    c('Visaginas', 'Utenos apskritis', 17_000, 31001, 31999),
    c('Plungė', 'Telšių apskritis', 17_000, 90001, 90999),
    c('Kretinga', 'Klaipėdos apskritis', 18_000, 97001, 97999),
    c('Palanga', 'Klaipėdos apskritis', 15_000, 101, 199),
    c('Šilutė', 'Klaipėdos apskritis', 16_000, 99001, 99999),
    c('Radviliškis', 'Šiaulių apskritis', 15_000, 82001, 82999),
    c('Gargždai', 'Klaipėdos apskritis', 16_000, 96001, 96999),
    c('Druskininkai', 'Alytaus apskritis', 12_000, 66001, 66999),
    c('Rokiškis', 'Panevėžio apskritis', 12_000, 42001, 42999),
    c('Elektrėnai', 'Vilniaus apskritis', 11_000, 26001, 26999),
    c('Biržai', 'Panevėžio apskritis', 11_000, 41001, 41999),
    c('Kuršėnai', 'Šiaulių apskritis', 10_000, 81001, 81199),
    c('Garliava', 'Kauno apskritis', 11_000, 53001, 53299),
    c('Jurbarkas', 'Tauragės apskritis', 9_500, 74001, 74999),
    c('Vilkaviškis', 'Marijampolės apskritis', 9_500, 70001, 70999),
    c('Raseiniai', 'Kauno apskritis', 9_000, 60001, 60999),
    c('Anykščiai', 'Utenos apskritis', 8_500, 29001, 29999),
    c('Lentvaris', 'Vilniaus apskritis', 10_000, 25001, 25999),
    c('Grigiškės', 'Vilniaus apskritis', 10_000, 27001, 27199),
    c('Prienai', 'Kauno apskritis', 9_000, 59001, 59999),
    c('Kelmė', 'Šiaulių apskritis', 8_000, 86001, 86999),
    c('Varėna', 'Alytaus apskritis', 8_000, 65001, 65999),
    c('Kaišiadorys', 'Kauno apskritis', 8_000, 56001, 56999),
    c('Pasvalys', 'Panevėžio apskritis', 6_500, 39001, 39999),
    c('Kupiškis', 'Panevėžio apskritis', 6_500, 40001, 40999),
    c('Zarasai', 'Utenos apskritis', 6_000, 32001, 32999),
    c('Širvintos', 'Vilniaus apskritis', 5_500, 19001, 19999),
    c('Šalčininkai', 'Vilniaus apskritis', 5_500, 17001, 17999),
    c('Nemenčinė', 'Vilniaus apskritis', 5_000, 15001, 15199),
    c('Molėtai', 'Utenos apskritis', 5_500, 33001, 33999),
  ],
};

// ---------------------------------------------------------------------------------------------
const FI: CountryPlaces = {
  country: 'FI',
  postalStep: 10,
  streets: [
    'Kauppakatu', 'Koulukatu', 'Asemakatu', 'Puistokatu', 'Rantatie', 'Kirkkokatu', 'Teollisuuskatu', 'Keskuskatu',
    'Rautatienkatu', 'Torikatu', 'Kauppatie', 'Koulutie', 'Kirkkotie', 'Myllytie', 'Mäkitie', 'Rinnetie', 'Metsätie',
    'Harjutie', 'Kuusitie', 'Koivutie', 'Pihlajatie', 'Tehtaankatu', 'Satamakatu', 'Hallituskatu', 'Sairaalakatu',
    'Kalevankatu', 'Väinämöisenkatu', 'Sibeliuksenkatu', 'Runeberginkatu', 'Urheilukatu', 'Ratatie', 'Valtatie',
    'Helsingintie', 'Tampereentie', 'Turuntie', 'Peltotie', 'Niittytie', 'Kivikatu', 'Länsikatu', 'Itäkatu', 'Pohjoiskatu', 'Eteläkatu',
  ],
  groceries: ['K-Market', 'K-Supermarket', 'K-Citymarket', 'S-Market', 'Prisma', 'Alepa', 'Sale', 'Lidl', 'Tokmanni'],
  fuel: ['Neste', 'ABC', 'Shell', 'Teboil', 'St1'],
  kiosks: ['R-kioski', 'Sale', 'K-Market'],
  cities: [
    c('Helsinki', 'Uusimaa', 665_000, 100, 990, {
      districts: [
        'Kallio', 'Kamppi', 'Pasila', 'Itäkeskus', 'Malmi', 'Herttoniemi', 'Munkkiniemi', 'Lauttasaari', 'Vuosaari', 'Kontula',
        'Oulunkylä', 'Kannelmäki', 'Pitäjänmäki', 'Töölö', 'Kalasatama', 'Arabianranta', 'Mellunmäki', 'Myllypuro', 'Viikki', 'Pakila',
      ],
      malls: ['Kamppi', 'Forum', 'Itis', 'Redi', 'Tripla', 'Ruoholahden kauppakeskus', 'Malmin Nova', 'Columbus', 'Stockmann', 'Citycenter', 'Hertsi', 'Easton'],
      streets: [
        'Mannerheimintie', 'Hämeentie', 'Aleksanterinkatu', 'Mechelininkatu', 'Runeberginkatu', 'Itäväylä', 'Mäkelänkatu',
        'Sturenkatu', 'Kaisaniemenkatu', 'Fredrikinkatu', 'Bulevardi', 'Itämerenkatu', 'Lapinlahdenkatu', 'Tehtaankatu',
        'Helsinginkatu', 'Kulosaarentie', 'Malminkaari', 'Vuotie', 'Kontulantie', 'Kauppakartanonkatu', 'Pasilanraitio',
      ],
    }),
    c('Espoo', 'Uusimaa', 305_000, 2100, 2980, {
      districts: ['Tapiola', 'Leppävaara', 'Espoon keskus', 'Matinkylä', 'Espoonlahti', 'Otaniemi', 'Kauklahti', 'Kivenlahti', 'Niittykumpu'],
      malls: ['Sello', 'Iso Omena', 'Ainoa', 'Lippulaiva', 'Entresse'],
      streets: ['Leppävaarankatu', 'Tapionaukio', 'Piispansilta', 'Merituulentie', 'Kauppamiehentie', 'Kirkkojärventie', 'Espoonväylä', 'Tietäjäntie'],
    }),
    c('Tampere', 'Pirkanmaa', 250_000, 33100, 33960, {
      districts: ['Keskusta', 'Hervanta', 'Kaleva', 'Tesoma', 'Lielahti', 'Linnainmaa', 'Pispala', 'Hatanpää'],
      malls: ['Ratina', 'Koskikeskus', 'Tullintori', 'DUO', 'Stockmann Tampere'],
      streets: ['Hämeenkatu', 'Itsenäisyydenkatu', 'Satakunnankatu', 'Hatanpään valtatie', 'Insinöörinkatu', 'Kalevantie', 'Teiskontie', 'Pirkankatu'],
    }),
    c('Vantaa', 'Uusimaa', 245_000, 1200, 1770, {
      districts: ['Tikkurila', 'Myyrmäki', 'Martinlaakso', 'Hakunila', 'Koivukylä', 'Aviapolis', 'Korso', 'Kivistö'],
      malls: ['Jumbo', 'Myyrmanni', 'Dixi', 'Tikkuri', 'Flamingo'],
      streets: ['Tikkurilantie', 'Myyrmäentie', 'Vantaanportinkatu', 'Kielotie', 'Asematie', 'Lummetie', 'Hakunilantie'],
    }),
    c('Oulu', 'Pohjois-Pohjanmaa', 215_000, 90100, 90940, {
      malls: ['Valkea', 'Ideapark Oulu', 'Limingantulli'],
      streets: ['Isokatu', 'Kirkkokatu', 'Torikatu', 'Kajaanintie', 'Kaitoväylä', 'Yliopistokatu', 'Kauppurienkatu'],
    }),
    c('Turku', 'Varsinais-Suomi', 200_000, 20100, 20960, {
      malls: ['Skanssi', 'Hansa', 'Länsikeskus', 'Wiklund'],
      streets: ['Aurakatu', 'Yliopistonkatu', 'Humalistonkatu', 'Eerikinkatu', 'Uudenmaankatu', 'Hämeenkatu', 'Itäinen Pitkäkatu', 'Läntinen Rantakatu'],
    }),
    c('Jyväskylä', 'Keski-Suomi', 146_000, 40100, 40950, {
      malls: ['Sepänkeskus', 'Forum Jyväskylä', 'Seppä'],
      streets: ['Kauppakatu', 'Väinönkatu', 'Vapaudenkatu', 'Kilpisenkatu', 'Palokankaantie'],
    }),
    c('Kuopio', 'Pohjois-Savo', 124_000, 70100, 70940, { malls: ['Matkus', 'Apaja'], streets: ['Puijonkatu', 'Kauppakatu', 'Haapaniemenkatu', 'Tulliportinkatu'] }),
    c('Lahti', 'Päijät-Häme', 120_000, 15100, 15900, { malls: ['Trio', 'Karisma'], streets: ['Aleksanterinkatu', 'Rautatienkatu', 'Vesijärvenkatu', 'Mannerheiminkatu'] }),
    c('Pori', 'Satakunta', 83_000, 28100, 28660),
    c('Kouvola', 'Kymenlaakso', 80_000, 45100, 45940),
    c('Joensuu', 'Pohjois-Karjala', 77_000, 80100, 80330),
    c('Lappeenranta', 'Etelä-Karjala', 73_000, 53100, 53950),
    c('Hämeenlinna', 'Kanta-Häme', 68_000, 13100, 13900),
    c('Vaasa', 'Pohjanmaa', 68_000, 65100, 65380),
    c('Seinäjoki', 'Etelä-Pohjanmaa', 65_000, 60100, 60800),
    c('Rovaniemi', 'Lappi', 65_000, 96100, 96930),
    c('Mikkeli', 'Etelä-Savo', 52_000, 50100, 50970),
    c('Kotka', 'Kymenlaakso', 51_000, 48100, 48930),
    c('Salo', 'Varsinais-Suomi', 51_000, 24100, 24910),
    c('Porvoo', 'Uusimaa', 51_000, 6100, 6750),
    c('Kokkola', 'Keski-Pohjanmaa', 48_000, 67100, 67900),
    c('Lohja', 'Uusimaa', 46_000, 8100, 8700),
    c('Hyvinkää', 'Uusimaa', 47_000, 5800, 5880),
    c('Nurmijärvi', 'Uusimaa', 44_000, 1800, 1900),
    c('Järvenpää', 'Uusimaa', 45_000, 4400, 4480),
    c('Rauma', 'Satakunta', 39_000, 26100, 26820),
    c('Kirkkonummi', 'Uusimaa', 41_000, 2400, 2490),
    c('Tuusula', 'Uusimaa', 39_000, 4300, 4390),
    c('Kajaani', 'Kainuu', 36_000, 87100, 87950),
    c('Kerava', 'Uusimaa', 37_000, 4200, 4260),
    c('Savonlinna', 'Etelä-Savo', 32_000, 57100, 57810),
    c('Nokia', 'Pirkanmaa', 35_000, 37100, 37180),
    c('Kangasala', 'Pirkanmaa', 33_000, 36200, 36280),
    c('Ylöjärvi', 'Pirkanmaa', 33_000, 33470, 33480),
    c('Vihti', 'Uusimaa', 29_000, 3100, 3130),
    c('Kaarina', 'Varsinais-Suomi', 35_000, 20760, 20780),
    c('Raisio', 'Varsinais-Suomi', 25_000, 21200, 21290),
    c('Riihimäki', 'Kanta-Häme', 28_000, 11100, 11910),
    c('Imatra', 'Etelä-Karjala', 25_000, 55100, 55910),
    c('Iisalmi', 'Pohjois-Savo', 21_000, 74100, 74170),
    c('Kemi', 'Lappi', 20_000, 94100, 94900),
    c('Tornio', 'Lappi', 21_000, 95400, 95450),
    c('Raahe', 'Pohjois-Pohjanmaa', 24_000, 92100, 92180),
    c('Sipoo', 'Uusimaa', 22_000, 4130, 4170),
    c('Kempele', 'Pohjois-Pohjanmaa', 19_000, 90440, 90450),
    c('Lempäälä', 'Pirkanmaa', 24_000, 37500, 37570),
    c('Varkaus', 'Pohjois-Savo', 20_000, 78200, 78900),
    c('Mariehamn', 'Ahvenanmaa', 11_700, 22100, 22150),
  ],
};

// ---------------------------------------------------------------------------------------------
const PL: CountryPlaces = {
  country: 'PL',
  postalStep: 1,
  streets: [
    'ul. Mickiewicza', 'ul. Słowackiego', 'ul. Kościuszki', 'ul. Piłsudskiego', 'ul. Sienkiewicza', 'ul. Długa', 'ul. Polna',
    'ul. Leśna', 'ul. Ogrodowa', 'ul. Lipowa', 'ul. Kolejowa', 'ul. Szkolna', 'ul. Wojska Polskiego', 'ul. 3 Maja',
    'ul. Jana Pawła II', 'ul. Grunwaldzka', 'ul. Kościelna', 'ul. Krótka', 'ul. Słoneczna', 'ul. Kwiatowa', 'ul. Parkowa',
    'ul. Rynek', 'ul. Dworcowa', 'ul. Konopnickiej', 'ul. Reymonta', 'ul. Żeromskiego', 'ul. Prusa',
    'ul. Kopernika', 'ul. Chopina', 'ul. Moniuszki', 'ul. Traugutta', 'ul. Kilińskiego', 'ul. Wyszyńskiego', 'ul. Bema',
    'ul. Armii Krajowej', 'ul. Batorego', 'ul. Narutowicza', 'ul. Pocztowa', 'ul. Przemysłowa', 'ul. Fabryczna', 'ul. Zielona',
    'ul. Brzozowa', 'ul. Klonowa', 'ul. Akacjowa', 'ul. Wiejska', 'ul. Warszawska', 'ul. Krakowska', 'ul. Poznańska',
    'ul. Toruńska', 'ul. Gdańska', 'al. Niepodległości', 'al. Solidarności', 'ul. Władysława Jagiełły', 'ul. Piastowska',
  ],
  groceries: ['Żabka', 'Biedronka', 'Lidl', 'Carrefour Express', 'Auchan', 'Kaufland', 'Dino', 'Lewiatan', 'Netto', 'Stokrotka', 'Intermarché', 'Polomarket'],
  fuel: ['Orlen', 'BP', 'Shell', 'Circle K', 'Moya', 'Amic'],
  kiosks: ['Żabka', 'Ruch', 'Kolporter', 'Carrefour Express', 'Lewiatan', 'Delikatesy Centrum', 'Groszek'],
  cities: [
    c('Warszawa', 'mazowieckie', 1_860_000, 1, 4999, {
      districts: [
        'Śródmieście', 'Mokotów', 'Wola', 'Ochota', 'Praga-Południe', 'Praga-Północ', 'Bielany', 'Bemowo', 'Ursynów',
        'Wilanów', 'Targówek', 'Białołęka', 'Żoliborz', 'Wawer', 'Włochy', 'Ursus', 'Rembertów', 'Wesoła',
      ],
      malls: [
        'Złote Tarasy', 'Arkadia', 'Galeria Mokotów', 'Blue City', 'Galeria Północna', 'Galeria Młociny', 'Atrium Promenada',
        'Atrium Targówek', 'Wola Park', 'Fort Wola', 'Atrium Reduta', 'Galeria Wileńska', 'Sadyba Best Mall', 'Klif',
        'Hala Koszyki', 'Plac Unii', 'Factory Ursus', 'Galeria Renova',
      ],
      streets: [
        'ul. Marszałkowska', 'al. Jerozolimskie', 'ul. Puławska', 'ul. Grójecka', 'ul. Towarowa', 'al. Solidarności',
        'ul. Targowa', 'ul. Grochowska', 'ul. Górczewska', 'ul. Wołoska', 'al. Krakowska', 'ul. Modlińska', 'ul. Kondratowicza',
        'ul. Radzymińska', 'ul. Sokratesa', 'ul. Powstańców Śląskich', 'al. Komisji Edukacji Narodowej', 'ul. Rosoła',
        'ul. Klimczaka', 'ul. Wawelska', 'ul. Żelazna', 'ul. Chmielna', 'ul. Nowy Świat', 'ul. Świętokrzyska',
        'ul. Broniewskiego', 'ul. Kasprowicza', 'ul. Wólczyńska', 'ul. Połczyńska', 'ul. Ostrobramska', 'ul. Fieldorfa',
        'ul. Gocławska', 'ul. Jagiellońska', 'ul. Odrowąża', 'ul. Głębocka', 'ul. Światowida', 'ul. Czerniakowska',
        'ul. Sobieskiego', 'al. Wilanowska', 'ul. Bukowińska', 'ul. Kijowska',
      ],
    }),
    c('Kraków', 'małopolskie', 800_000, 30001, 31999, {
      districts: [
        'Stare Miasto', 'Grzegórzki', 'Prądnik Czerwony', 'Prądnik Biały', 'Krowodrza', 'Bronowice', 'Zwierzyniec', 'Dębniki',
        'Łagiewniki', 'Swoszowice', 'Podgórze', 'Bieżanów', 'Czyżyny', 'Mistrzejowice', 'Bieńczyce', 'Nowa Huta',
      ],
      malls: ['Galeria Krakowska', 'Bonarka City Center', 'Galeria Kazimierz', 'Serenada', 'Galeria Bronowice', 'Galeria Czyżyny', 'M1 Kraków', 'Solvay Park', 'Krokus'],
      streets: [
        'ul. Długa', 'ul. Karmelicka', 'al. Mickiewicza', 'ul. Dietla', 'ul. Wielicka', 'ul. Kalwaryjska', 'ul. Zakopiańska',
        'ul. Opolska', 'ul. Conrada', 'ul. Wrocławska', 'al. 29 Listopada', 'ul. Kamieńskiego', 'al. Pokoju', 'ul. Mogilska',
        'ul. Kocmyrzowska', 'ul. Bora-Komorowskiego', 'ul. Lea', 'ul. Balicka', 'ul. Bohaterów Września', 'ul. Nowohucka',
      ],
    }),
    c('Wrocław', 'dolnośląskie', 674_000, 50001, 54999, {
      districts: ['Stare Miasto', 'Śródmieście', 'Krzyki', 'Fabryczna', 'Psie Pole', 'Nadodrze', 'Biskupin', 'Gaj', 'Oporów', 'Kozanów', 'Nowy Dwór', 'Jagodno', 'Leśnica'],
      malls: ['Pasaż Grunwaldzki', 'Wroclavia', 'Magnolia Park', 'Galeria Dominikańska', 'Arkady Wrocławskie', 'Renoma', 'Sky Tower', 'Korona'],
      streets: [
        'ul. Legnicka', 'ul. Grabiszyńska', 'ul. Powstańców Śląskich', 'ul. Kazimierza Wielkiego', 'ul. Świdnicka',
        'ul. Piłsudskiego', 'ul. Borowska', 'pl. Grunwaldzki', 'ul. Krzywoustego', 'ul. Strzegomska', 'ul. Ślężna',
        'ul. Armii Krajowej', 'ul. Żmigrodzka', 'ul. Kosmonautów', 'ul. Traugutta', 'ul. Hallera',
      ],
    }),
    c('Łódź', 'łódzkie', 660_000, 90001, 94999, {
      districts: ['Bałuty', 'Górna', 'Polesie', 'Śródmieście', 'Widzew', 'Retkinia', 'Teofilów', 'Chojny', 'Olechów'],
      malls: ['Manufaktura', 'Galeria Łódzka', 'Port Łódź', 'Sukcesja', 'Pasaż Łódzki', 'Tulipan'],
      streets: [
        'ul. Piotrkowska', 'al. Kościuszki', 'al. Piłsudskiego', 'ul. Zgierska', 'ul. Pabianicka', 'ul. Rzgowska',
        'al. Włókniarzy', 'ul. Narutowicza', 'al. Mickiewicza', 'ul. Kilińskiego', 'ul. Retkińska', 'ul. Rokicińska',
        'ul. Limanowskiego', 'ul. Obywatelska', 'al. Politechniki',
      ],
    }),
    c('Poznań', 'wielkopolskie', 540_000, 60001, 61999, {
      districts: ['Stare Miasto', 'Jeżyce', 'Grunwald', 'Wilda', 'Łazarz', 'Rataje', 'Winogrady', 'Piątkowo', 'Nowe Miasto', 'Górczyn', 'Naramowice'],
      malls: ['Stary Browar', 'Posnania', 'Galeria Malta', 'Avenida', 'King Cross Marcelin', 'Galeria Pestka', 'Plaza Poznań'],
      streets: [
        'ul. Głogowska', 'ul. Grunwaldzka', 'ul. Dąbrowskiego', 'ul. Święty Marcin', 'ul. Półwiejska', 'ul. Garbary',
        'ul. Hetmańska', 'ul. Bukowska', 'ul. Solna', 'ul. Winogrady', 'ul. Obornicka', 'ul. Piątkowska', 'ul. Zamenhofa',
        'ul. Krzywoustego', 'ul. Starołęcka',
      ],
    }),
    c('Gdańsk', 'pomorskie', 486_000, 80001, 80999, {
      districts: ['Śródmieście', 'Wrzeszcz', 'Oliwa', 'Przymorze', 'Zaspa', 'Chełm', 'Orunia', 'Jasień', 'Ujeścisko', 'Piecki-Migowo', 'Żabianka', 'Stogi', 'Osowa'],
      malls: ['Galeria Bałtycka', 'Forum Gdańsk', 'Madison', 'Galeria Przymorze', 'Alfa Centrum', 'Galeria Metropolia', 'Manhattan', 'Osowa'],
      streets: [
        'al. Grunwaldzka', 'ul. Kartuska', 'ul. Łostowicka', 'al. Zwycięstwa', 'ul. Słowackiego', 'al. Hallera',
        'ul. Rakoczego', 'ul. Piecewska', 'ul. Chłopska', 'ul. Obrońców Wybrzeża', 'ul. Jana z Kolna', 'ul. Długa',
        'ul. Podwale Przedmiejskie', 'ul. Kołobrzeska',
      ],
    }),
    c('Szczecin', 'zachodniopomorskie', 390_000, 70001, 71999, {
      districts: ['Centrum', 'Pogodno', 'Niebuszewo', 'Pomorzany', 'Gumieńce', 'Prawobrzeże', 'Warszewo'],
      malls: ['Galaxy', 'Kaskada', 'Ster', 'Turzyn', 'Outlet Park', 'Galeria Gryf'],
      streets: ['al. Wyzwolenia', 'al. Niepodległości', 'ul. Krzywoustego', 'ul. Wojska Polskiego', 'al. Jana Pawła II', 'ul. Gdańska', 'ul. Ku Słońcu', 'ul. Mieszka I', 'ul. Struga'],
    }),
    c('Bydgoszcz', 'kujawsko-pomorskie', 330_000, 85001, 85999, {
      malls: ['Zielone Arkady', 'Focus', 'Galeria Pomorska', 'Drukarnia', 'Rondo'],
      streets: ['ul. Gdańska', 'ul. Dworcowa', 'ul. Fordońska', 'ul. Wojska Polskiego', 'ul. Jagiellońska', 'ul. Kruszwicka', 'ul. Szubińska'],
    }),
    c('Lublin', 'lubelskie', 335_000, 20001, 20999, {
      malls: ['Galeria Olimp', 'Lublin Plaza', 'Tarasy Zamkowe', 'Atrium Felicity', 'Galeria Gala', 'Vivo'],
      streets: ['ul. Krakowskie Przedmieście', 'al. Racławickie', 'ul. Lipowa', 'ul. Zana', 'al. Kraśnicka', 'ul. Zemborzycka', 'ul. Nadbystrzycka', 'al. Solidarności', 'ul. Mełgiewska'],
    }),
    c('Białystok', 'podlaskie', 295_000, 15001, 15999, {
      malls: ['Atrium Biała', 'Alfa', 'Jurowiecka', 'Galeria Zielone Wzgórza'],
      streets: ['ul. Lipowa', 'ul. Sienkiewicza', 'ul. Mickiewicza', 'ul. Wrocławska', 'ul. Piastowska', 'ul. Hetmańska', 'ul. Wasilkowska'],
    }),
    c('Katowice', 'śląskie', 285_000, 40001, 40999, {
      malls: ['Silesia City Center', 'Galeria Katowicka', '3 Stawy', 'Supersam', 'Libero'],
      streets: ['ul. Chorzowska', 'ul. Mikołowska', 'ul. 3 Maja', 'ul. Mariacka', 'al. Korfantego', 'ul. Gliwicka', 'ul. Kościuszki', 'ul. Bocheńskiego', 'ul. Francuska'],
    }),
    c('Gdynia', 'pomorskie', 244_000, 81001, 81699, {
      malls: ['Riviera', 'Klif Gdynia', 'Batory'],
      streets: ['ul. Świętojańska', 'ul. Morska', 'ul. Władysława IV', 'ul. Wielkopolska', 'ul. Chwaszczyńska', 'ul. Płk. Dąbka'],
    }),
    c('Częstochowa', 'śląskie', 210_000, 42200, 42280, { malls: ['Galeria Jurajska'] }),
    c('Radom', 'mazowieckie', 200_000, 26600, 26699, { malls: ['Galeria Słoneczna', 'M1 Radom'] }),
    c('Rzeszów', 'podkarpackie', 198_000, 35001, 35959, { malls: ['Galeria Rzeszów', 'Millenium Hall', 'Plaza Rzeszów', 'Nowy Świat'] }),
    c('Toruń', 'kujawsko-pomorskie', 196_000, 87100, 87199, { malls: ['Atrium Copernicus', 'Toruń Plaza', 'Galeria Bielany'] }),
    c('Sosnowiec', 'śląskie', 195_000, 41200, 41219),
    c('Kielce', 'świętokrzyskie', 185_000, 25001, 25999, { malls: ['Galeria Echo', 'Galeria Korona', 'Pasaż Świętokrzyski'] }),
    c('Gliwice', 'śląskie', 175_000, 44100, 44164, { malls: ['Forum Gliwice', 'Europa Centralna', 'Arena'] }),
    c('Olsztyn', 'warmińsko-mazurskie', 170_000, 10001, 10999, { malls: ['Galeria Warmińska', 'Aura'] }),
    c('Zabrze', 'śląskie', 170_000, 41800, 41819, { malls: ['Platan'] }),
    c('Bielsko-Biała', 'śląskie', 168_000, 43300, 43382, { malls: ['Gemini Park', 'Galeria Sfera', 'Sarni Stok'] }),
    c('Bytom', 'śląskie', 165_000, 41900, 41936, { malls: ['Agora Bytom'] }),
    c('Zielona Góra', 'lubuskie', 140_000, 65001, 65999, { malls: ['Focus Mall', 'Galeria Grafit'] }),
    c('Rybnik', 'śląskie', 136_000, 44200, 44299, { malls: ['Focus Mall Rybnik', 'Rybnik Plaza'] }),
    c('Ruda Śląska', 'śląskie', 136_000, 41700, 41719),
    c('Opole', 'opolskie', 127_000, 45001, 45999, { malls: ['Solaris Center', 'Karolinka', 'Turawa Park'] }),
    c('Tychy', 'śląskie', 127_000, 43100, 43143, { malls: ['Gemini Park Tychy', 'City Point'] }),
    c('Gorzów Wielkopolski', 'lubuskie', 120_000, 66400, 66470, { malls: ['Askana', 'NoVa Park'] }),
    c('Elbląg', 'warmińsko-mazurskie', 118_000, 82300, 82330, { malls: ['Ogrody'] }),
    c('Dąbrowa Górnicza', 'śląskie', 118_000, 41300, 41316, { malls: ['Pogoria'] }),
    c('Płock', 'mazowieckie', 117_000, 9400, 9420, { malls: ['Galeria Mazovia'] }),
    c('Wałbrzych', 'dolnośląskie', 110_000, 58300, 58316, { malls: ['Galeria Victoria'] }),
    c('Tarnów', 'małopolskie', 107_000, 33100, 33110, { malls: ['Gemini Park Tarnów'] }),
    c('Chorzów', 'śląskie', 107_000, 41500, 41516),
    c('Włocławek', 'kujawsko-pomorskie', 105_000, 87800, 87816, { malls: ['Wzorcownia'] }),
    c('Koszalin', 'zachodniopomorskie', 105_000, 75001, 75900, { malls: ['Forum Koszalin', 'Atrium Koszalin'] }),
    c('Kalisz', 'wielkopolskie', 98_000, 62800, 62810, { malls: ['Galeria Amber'] }),
    c('Legnica', 'dolnośląskie', 98_000, 59220, 59230, { malls: ['Galeria Piastów', 'Ferio'] }),
    c('Grudziądz', 'kujawsko-pomorskie', 92_000, 86300, 86311, { malls: ['Alfa Grudziądz'] }),
    c('Jaworzno', 'śląskie', 90_000, 43600, 43618),
    c('Słupsk', 'pomorskie', 89_000, 76200, 76270, { malls: ['Jantar'] }),
    c('Jastrzębie-Zdrój', 'śląskie', 88_000, 44330, 44338),
    c('Nowy Sącz', 'małopolskie', 84_000, 33300, 33310, { malls: ['Galeria Trzy Korony'] }),
    c('Jelenia Góra', 'dolnośląskie', 78_000, 58500, 58573, { malls: ['Galeria Sudecka'] }),
    c('Siedlce', 'mazowieckie', 77_000, 8100, 8110),
    c('Mysłowice', 'śląskie', 75_000, 41400, 41412),
    c('Konin', 'wielkopolskie', 72_000, 62500, 62510),
    c('Piła', 'wielkopolskie', 72_000, 64900, 64920),
    c('Piotrków Trybunalski', 'łódzkie', 72_000, 97300, 97310),
    c('Inowrocław', 'kujawsko-pomorskie', 72_000, 88100, 88110),
    c('Lubin', 'dolnośląskie', 71_000, 59300, 59305),
    c('Ostrów Wielkopolski', 'wielkopolskie', 71_000, 63400, 63410),
    c('Suwałki', 'podlaskie', 69_000, 16400, 16404),
    c('Gniezno', 'wielkopolskie', 67_000, 62200, 62210),
    c('Stargard', 'zachodniopomorskie', 67_000, 73110, 73115),
    c('Głogów', 'dolnośląskie', 66_000, 67200, 67210),
    c('Siemianowice Śląskie', 'śląskie', 66_000, 41100, 41106),
    c('Pabianice', 'łódzkie', 64_000, 95200, 95202),
    c('Leszno', 'wielkopolskie', 63_000, 64100, 64110),
    c('Zamość', 'lubelskie', 61_000, 22400, 22407),
    c('Łomża', 'podlaskie', 62_000, 18400, 18404),
    c('Pruszków', 'mazowieckie', 62_000, 5800, 5807),
    c('Ełk', 'warmińsko-mazurskie', 62_000, 19300, 19301),
    c('Żory', 'śląskie', 62_000, 44240, 44240),
    c('Tomaszów Mazowiecki', 'łódzkie', 61_000, 97200, 97201),
    c('Chełm', 'lubelskie', 61_000, 22100, 22106),
    c('Mielec', 'podkarpackie', 60_000, 39300, 39300),
    c('Tczew', 'pomorskie', 60_000, 83110, 83110),
    c('Kędzierzyn-Koźle', 'opolskie', 59_000, 47200, 47232),
    c('Przemyśl', 'podkarpackie', 58_000, 37700, 37700),
    c('Stalowa Wola', 'podkarpackie', 58_000, 37450, 37464),
    c('Biała Podlaska', 'lubelskie', 56_000, 21500, 21500),
    c('Bełchatów', 'łódzkie', 56_000, 97400, 97400),
    c('Świdnica', 'dolnośląskie', 56_000, 58100, 58100),
    c('Będzin', 'śląskie', 56_000, 42500, 42506),
    c('Zgierz', 'łódzkie', 55_000, 95100, 95100),
    c('Piekary Śląskie', 'śląskie', 54_000, 41940, 41949),
    c('Racibórz', 'śląskie', 54_000, 47400, 47400),
    c('Legionowo', 'mazowieckie', 54_000, 5119, 5120),
    c('Ostrołęka', 'mazowieckie', 51_000, 7400, 7417),
    c('Świętochłowice', 'śląskie', 49_000, 41600, 41608),
    c('Rumia', 'pomorskie', 49_000, 84230, 84230),
    c('Piaseczno', 'mazowieckie', 49_000, 5500, 5500),
    c('Zawiercie', 'śląskie', 48_000, 42400, 42400),
    c('Starachowice', 'świętokrzyskie', 48_000, 27200, 27200),
    c('Wejherowo', 'pomorskie', 47_000, 84200, 84200),
    c('Skierniewice', 'łódzkie', 47_000, 96100, 96100),
    c('Starogard Gdański', 'pomorskie', 47_000, 83200, 83200),
    c('Tarnobrzeg', 'podkarpackie', 46_000, 39400, 39400),
    c('Puławy', 'lubelskie', 46_000, 24100, 24100),
    c('Krosno', 'podkarpackie', 46_000, 38400, 38400),
    c('Otwock', 'mazowieckie', 45_000, 5400, 5400),
    c('Kutno', 'łódzkie', 43_000, 99300, 99300),
    c('Ciechanów', 'mazowieckie', 43_000, 6400, 6400),
    c('Oświęcim', 'małopolskie', 36_000, 32600, 32600),
    c('Sopot', 'pomorskie', 35_000, 81701, 81878),
    c('Nowy Targ', 'małopolskie', 33_000, 34400, 34400),
    c('Zakopane', 'małopolskie', 26_000, 34500, 34500),
  ],
};

export const PLACES: Readonly<Record<CountryCode, CountryPlaces>> = { EE, LV, LT, FI, PL };
