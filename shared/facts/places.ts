/**
 * Where an item was made, as eBay's Country/Region of Manufacture takes it (decision 0066): the seller's
 * "England", "the States" or "Türkiye'de üretildi" become eBay's value ("United Kingdom", "United States",
 * "Turkey"); a city gives its country only when it is known here and names one country; anything else
 * gives no value (never a guess). A Turkish listing says the country in Turkish.
 */
import { foldCase } from "./language";

type Lang = "en" | "tr";

const fold = (s: string) =>
  foldCase(s)
    .replace(/^the\s+/u, "")
    .replace(/\s+/g, " ")
    .trim();
/** A table keyed by the folded name ("mısır" and "MISIR" are one key). */
const folded = (table: Record<string, string>) => Object.fromEntries(Object.entries(table).map(([k, v]) => [fold(k), v]));

/** The seller's names of a country, folded, to eBay's value. */
const COUNTRY_ALIASES: Record<string, string> = folded({
  england: "United Kingdom",
  scotland: "United Kingdom",
  wales: "United Kingdom",
  "northern ireland": "United Kingdom",
  "great britain": "United Kingdom",
  britain: "United Kingdom",
  uk: "United Kingdom",
  "u.k.": "United Kingdom",
  "united kingdom": "United Kingdom",
  usa: "United States",
  "u.s.a.": "United States",
  us: "United States",
  "u.s.": "United States",
  "united states": "United States",
  "united states of america": "United States",
  america: "United States",
  states: "United States",
  turkey: "Turkey",
  türkiye: "Turkey",
  turkiye: "Turkey",
  holland: "Netherlands",
  netherlands: "Netherlands",
  "south korea": "Korea, South",
  korea: "Korea, South",
  // Turkish names of countries.
  ingiltere: "United Kingdom",
  iskoçya: "United Kingdom",
  galler: "United Kingdom",
  "birleşik krallık": "United Kingdom",
  abd: "United States",
  amerika: "United States",
  "amerika birleşik devletleri": "United States",
  almanya: "Germany",
  "batı almanya": "West Germany",
  italya: "Italy",
  fransa: "France",
  japonya: "Japan",
  çin: "China",
  hindistan: "India",
  ispanya: "Spain",
  portekiz: "Portugal",
  yunanistan: "Greece",
  çekoslovakya: "Czechoslovakia",
  rusya: "Russia",
  iran: "Iran",
  fas: "Morocco",
  mısır: "Egypt",
  hollanda: "Netherlands",
  belçika: "Belgium",
  isviçre: "Switzerland",
  avusturya: "Austria",
  polonya: "Poland",
  macaristan: "Hungary",
  isveç: "Sweden",
  danimarka: "Denmark",
  norveç: "Norway",
});

/** Countries eBay lists under their English name, as a seller writes them (the fact sheet reads "made in" them too). */
export const EBAY_COUNTRIES = [
  "Ireland",
  "Canada",
  "Mexico",
  "Japan",
  "China",
  "Taiwan",
  "Hong Kong",
  "India",
  "Pakistan",
  "Nepal",
  "Thailand",
  "Vietnam",
  "Indonesia",
  "Italy",
  "France",
  "West Germany",
  "East Germany",
  "Germany",
  "Spain",
  "Portugal",
  "Greece",
  "Sweden",
  "Denmark",
  "Norway",
  "Finland",
  "Iceland",
  "Belgium",
  "Switzerland",
  "Austria",
  "Czechoslovakia",
  "Czech Republic",
  "Poland",
  "Hungary",
  "Russia",
  "Morocco",
  "Egypt",
  "Israel",
  "Peru",
  "Brazil",
  "Argentina",
  "Australia",
  "New Zealand",
  "Iran",
];

/**
 * Cities and regions whose country is not in doubt, folded. A place missing here (or one that names
 * towns in several countries: Portland, London in Ontario, Paris in Texas) gives no country.
 */
const PLACE_COUNTRY: Record<string, string> = folded({
  istanbul: "Turkey",
  ankara: "Turkey",
  izmir: "Turkey",
  bursa: "Turkey",
  antalya: "Turkey",
  kütahya: "Turkey",
  konya: "Turkey",
  gaziantep: "Turkey",
  kapadokya: "Turkey",
  cappadocia: "Turkey",
  kyoto: "Japan",
  osaka: "Japan",
  tokyo: "Japan",
  florence: "Italy",
  firenze: "Italy",
  venice: "Italy",
  murano: "Italy",
  milan: "Italy",
  barcelona: "Spain",
  lisbon: "Portugal",
  copenhagen: "Denmark",
  stockholm: "Sweden",
  oslo: "Norway",
  helsinki: "Finland",
  reykjavik: "Iceland",
  amsterdam: "Netherlands",
  marrakech: "Morocco",
  marrakesh: "Morocco",
  jaipur: "India",
  kathmandu: "Nepal",
  edinburgh: "United Kingdom",
  "stoke-on-trent": "United Kingdom",
  cornwall: "United Kingdom",
  yorkshire: "United Kingdom",
});

/** eBay's values in a Turkish listing's words. */
const TURKISH_NAMES: Record<string, string> = {
  "United Kingdom": "Birleşik Krallık",
  "United States": "Amerika Birleşik Devletleri",
  Turkey: "Türkiye",
  Germany: "Almanya",
  "West Germany": "Batı Almanya",
  Italy: "İtalya",
  France: "Fransa",
  Japan: "Japonya",
  China: "Çin",
  India: "Hindistan",
  Spain: "İspanya",
  Portugal: "Portekiz",
  Greece: "Yunanistan",
  Netherlands: "Hollanda",
  Morocco: "Fas",
  Egypt: "Mısır",
  Iran: "İran",
};

/** The country a name gives, as eBay's value, or undefined when it is no country known here. */
function countryOf(name: string): string | undefined {
  const f = fold(name);
  if (COUNTRY_ALIASES[f]) return COUNTRY_ALIASES[f];
  const listed = EBAY_COUNTRIES.find((c) => fold(c) === f);
  if (listed) return listed;
  return PLACE_COUNTRY[f];
}

/**
 * eBay's Country/Region of Manufacture for where the seller said the item was made ("England" →
 * "United Kingdom", "Kyoto, Japan" → "Japan", "Istanbul" → "Turkey"), in Turkish for a Turkish
 * listing; undefined for a place whose country is not known or not certain.
 */
export function manufactureCountry(place: string | undefined, lang: Lang = "en"): string | undefined {
  if (!place || place.length > 80) return undefined;
  // "Kyoto, Japan": the last part that names a country decides.
  const parts = place.split(/\s*,\s*/u).filter(Boolean);
  let country: string | undefined;
  for (let i = parts.length - 1; i >= 0 && !country; i--) country = countryOf(parts[i]);
  if (!country) return undefined;
  return lang === "tr" ? (TURKISH_NAMES[country] ?? country) : country;
}
