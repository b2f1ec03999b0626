/**
 * Every message key, as a type: the union of the keys of each catalogue's English dictionary. The
 * imports are type-only, so naming a key costs no bundle bytes; a typo in t("...") fails `tsc`.
 */
import type * as audit from "./catalog/audit";
import type * as auth from "./catalog/auth";
import type * as common from "./catalog/common";
import type * as dashboard from "./catalog/dashboard";
import type * as etsy from "./catalog/etsy";
import type * as images from "./catalog/images";
import type * as keywordLists from "./catalog/keyword-lists";
import type * as keywords from "./catalog/keywords";
import type * as landing from "./catalog/landing";
import type * as landingSections from "./catalog/landing-sections";
import type * as listingVersions from "./catalog/listing-versions";
import type * as listings from "./catalog/listings";
import type * as plans from "./catalog/plans";
import type * as profile from "./catalog/profile";
import type * as shop from "./catalog/shop";
import type * as shopSales from "./catalog/shop-sales";
import type * as wizard from "./catalog/wizard";

type KeysOf<C extends { en: object }> = keyof C["en"] & string;

export type MessageKey =
  | KeysOf<typeof audit>
  | KeysOf<typeof auth>
  | KeysOf<typeof common>
  | KeysOf<typeof dashboard>
  | KeysOf<typeof etsy>
  | KeysOf<typeof images>
  | KeysOf<typeof keywordLists>
  | KeysOf<typeof keywords>
  | KeysOf<typeof landing>
  | KeysOf<typeof landingSections>
  | KeysOf<typeof listingVersions>
  | KeysOf<typeof listings>
  | KeysOf<typeof plans>
  | KeysOf<typeof profile>
  | KeysOf<typeof shop>
  | KeysOf<typeof shopSales>
  | KeysOf<typeof wizard>;
