/**
 * Where each rule comes from. A marketplace's own limit or field rule names the document; a best
 * practice says whose advice it is. Decision 0017 lists them with the research behind them.
 */
import type { AuditSource } from "./types";

const marketplace = (name: string, url?: string): AuditSource => ({ kind: "marketplace", name, ...(url ? { url } : {}) });
const practice = (name: string, url?: string): AuditSource => ({ kind: "best-practice", name, ...(url ? { url } : {}) });

const ETSY_API = "https://developers.etsy.com/documentation/reference#operation/createDraftListing";
const ETSY_IMAGE_API = "https://developers.etsy.com/documentation/reference#operation/uploadListingImage";
const ETSY_HANDBOOK = "https://www.etsy.com/seller-handbook";
const EBAY_TITLE = "https://developer.ebay.com/api-docs/user-guides/static/trading-user-guide/listing-title.html";
const EBAY_SPECIFICS = "https://developer.ebay.com/api-docs/user-guides/static/trading-user-guide/item-specifics.html";
const AMAZON_TITLE = "https://sellercentral.amazon.com/help/hub/reference/external/YTR6SYGFA5E3EQC";
const AMAZON_LISTING = "https://sellercentral.amazon.com/help/hub/reference/external/200390640";
const AMAZON_SEARCH_TERMS = "https://sellercentral.amazon.com/help/hub/reference/external/23501";

export const SOURCES = {
  etsyTitle: marketplace("Etsy Open API v3, createDraftListing: title (at most 140 characters; letters, numbers, punctuation, math symbols, spaces, ™ © ®; % : & + once each)", ETSY_API),
  etsyTags: marketplace("Etsy Open API v3, createDraftListing: tags (at most 13, each at most 20 characters; letters, numbers, spaces, - ' ™ © ®)", ETSY_API),
  etsyAltText: marketplace("Etsy Open API v3, uploadListingImage: alt_text (at most 500 characters)", ETSY_IMAGE_API),
  etsyPhotos: marketplace("Etsy listing editor: 1 to 20 photos per listing", ETSY_HANDBOOK),
  etsyDescription: marketplace("Etsy Open API v3, createDraftListing: description is required", ETSY_API),
  etsyTitleAdvice: practice("Etsy Seller Handbook: short, readable titles that say what the item is (about 15 words or fewer, no repeated or capitalised words)", ETSY_HANDBOOK),
  etsyTagAdvice: practice("Etsy Seller Handbook: use all 13 tags, multi-word phrases, and tags that match the title", ETSY_HANDBOOK),
  etsyDuplicateTag: practice("Etsy Seller Handbook: every one of the 13 tags should be a different phrase", ETSY_HANDBOOK),
  etsyDescriptionAdvice: practice("Etsy Seller Handbook: the first sentences carry the main phrase; cover materials, size and care", ETSY_HANDBOOK),
  etsyPhotoAdvice: practice("Etsy Seller Handbook: at least 5 photos, every photo with alt text", ETSY_HANDBOOK),
  mobileWindow: practice("Listora: a phone's search results show about the first 40 characters of a title"),
  digitalNote: practice("Etsy Seller Handbook (digital listings): say it is a digital download and that nothing is shipped", ETSY_HANDBOOK),
  ebayTitle: marketplace("eBay Trading API, Item.Title: required, at most 80 characters", EBAY_TITLE),
  ebaySpecifics: practice("eBay Trading API guide, Item Specifics: required and recommended name-value pairs per category", EBAY_SPECIFICS),
  ebaySpecificLimits: marketplace("eBay GeteBayDetails, ItemSpecificDetails: names and values at most 65 characters (US site)", EBAY_SPECIFICS),
  ebayDescription: marketplace("eBay Trading API, Item.Description: required", EBAY_TITLE),
  ebayPhotos: marketplace("eBay: at least 1 photo, at most 24 per listing", EBAY_TITLE),
  amazonTitle: marketplace("Amazon product title requirements: at most 200 characters; no promotional phrases; no ! $ ? _ { } ^ ¬ ¦", AMAZON_TITLE),
  amazonTitleAdvice: practice("Amazon product title guidelines: concise (under 150 characters shows in full on most pages), no ALL CAPS, no word more than twice", AMAZON_TITLE),
  amazonBullets: marketplace("Amazon listing style guide: five bullet points, each at most 500 characters", AMAZON_LISTING),
  amazonDescription: marketplace("Amazon listing policies: no HTML in detail pages except line breaks", AMAZON_LISTING),
  amazonSearchTerms: marketplace("Amazon Seller Central, search terms: under 250 bytes (249 read), no words already in the title, no repeats", AMAZON_SEARCH_TERMS),
  amazonPhotos: marketplace("Amazon: a main image is required", AMAZON_LISTING),
  capsAdvice: practice("Listora: words in capitals read as shouting on every marketplace"),
  descriptionDetails: practice("Listora: say what it is made of, its size and how to care for it; shoppers look for these before buying"),
  deviceDetails: practice("Listora: say what state a device is in and what comes with it; its buyers look for these before buying"),
  digitalNoteGeneral: practice("Listora: a digital item says it is a download and that nothing is shipped"),
  ebayTitleAdvice: practice(
    'eBay seller best practices (2011, quoted by AuctionBytes): no special characters or gimmicks like "L@@K" in a title; buyers do not search for them',
    "https://www.ecommercebytes.com/C/abblog/blog.pl?/pl/2013/9/1378171321.html",
  ),
  titleSubstance: practice("Listora: a title and description say what the item is and what is true of it; words that praise, stock sentences and noise say nothing a shopper searches for or needs"),
  tagRelevance: practice("Etsy Seller Handbook: tags describe the item the way a shopper searches for it; a tag that names nothing about it matches nobody looking for it", ETSY_HANDBOOK),
  keepFacts: practice("Listora: a listing keeps every fact the seller gave (sizes, model numbers, personalisation, era, materials) and claims nothing they did not say"),
  oneLanguage: practice("Listora: a listing is written in one language; English words in a Turkish listing read as a careless translation"),
  descriptionLength: practice("Listora: descriptions under 40 words leave a shopper's questions open"),
} as const;
