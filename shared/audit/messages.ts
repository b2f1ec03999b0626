/**
 * The English words of every finding, by id: what is wrong, why it matters, what to do. `{name}` is
 * filled from the finding's params. The app keeps the same ids with its Turkish words, so a report
 * made on the server reads in the seller's language.
 */
import type { AuditParams } from "./types";

export const AUDIT_MESSAGES_EN: Record<string, string> = {
  "title.empty": "The title is empty. {marketplace} does not accept a listing without one. Write a title that says what the item is.",
  "title.too-long": "The title has {length} characters; {marketplace} allows at most {max}. A longer title is refused. Shorten it to {max} characters or fewer.",
  "title.long": "The title has {length} characters. {marketplace} recommends keeping it under {warn}: phones cut long titles short and shoppers skim. Shorten it.",
  "title.characters": "The title contains {chars}, which {marketplace} does not accept in a title. Remove or replace them.",
  "title.symbol-repeated": "The title uses {symbols} more than once; Etsy allows each of % : & + only once. Keep the first and write the others out.",
  "title.all-caps": "{words} is written in capitals. Capitals read as shouting and {marketplace} advises against them. Write it in normal case.",
  "title.promotional": "The title says {phrases}. Amazon does not allow promotional phrases in titles and may hide the listing from search. Remove them.",
  "title.main-phrase-late": 'Your main phrase "{phrase}" ({from}) is not in the first {window} characters of the title, which is what a phone shows in search. Move it to the start.',
  "title.main-phrase-missing": 'Your main phrase "{phrase}" ({from}) is not in the title. The title is the strongest signal for search. Put it at the start.',
  "title.not-product":
    "The title does not say what the item is: a shopper searching for it will not find it, and one who sees it does not know what it is. Name the item and what sets it apart (material, size, colour, style).",
  "title.thin": "The title says only {count} things. Add what a shopper searches for besides the item's name: material, size, colour or style.",
  "title.fragment": 'A part of the title is a single small word cut off from its phrase (such as "- Her"). It reads as a mistake. Join it to the phrase it belongs to or remove it.',
  "title.noise": "The title has {examples}. {marketplace} shoppers do not search for these and they read as spam. Remove them.",
  "title.unsupported-claims":
    "The title says {claims}, but nothing you gave Listora about this item says so ({needs}). A buyer who finds one untrue word stops trusting the rest. Remove it, or, if it is true, add it to the facts we used.",
  "title.dropped-facts": "The title no longer says {examples}, which you gave for this item. Buyers search for them and look for them first. Put them back.",
  "title.too-many-words": "The title has {count} words. Etsy advises a short, readable title (about {max} words or fewer) that says what the item is; keyword lists read as spam. Cut it down.",
  "title.repeated-words": "The title repeats {words}. Repeating a word does not help search and makes the title harder to read. Say each thing once.",
  "tags.too-many": "There are {count} tags; Etsy allows at most {max}. Keep the {max} best.",
  "tags.too-long": "{count} tag(s) are longer than {max} characters ({examples}); Etsy refuses them. Shorten them.",
  "tags.characters": "{count} tag(s) contain characters Etsy does not accept ({examples}); tags may have letters, numbers, spaces, - and ' only. Remove the others.",
  "tags.leading-symbol": "{count} tag(s) start with - or ' ({examples}); Etsy does not accept that. Remove the leading symbol.",
  "tags.duplicate": "{examples} appear more than once. A repeated tag wastes one of your {max} slots. Remove the repeats and use the slot for another phrase.",
  "tags.unused": "Only {count} of {max} tags are used. Every empty slot is a search you cannot be found for. Add {missing} more.",
  "tags.single-word": '{count} tag(s) are single words ({examples}). Shoppers search in phrases; multi-word tags match more of them. Use phrases such as "silver leaf necklace".',
  "tags.title-coverage": "Title phrases not in your tags: {examples}. Tags that repeat the title's phrases help Etsy match both. Add them as tags.",
  "tags.unsupported-claims":
    "{count} tag(s) claim what nothing you gave Listora about this item says ({examples}: {needs}). Such a tag brings shoppers looking for something else, and they leave disappointed. Replace them, or, if true, add it to the facts we used.",
  "tags.irrelevant":
    "{count} tag(s) say nothing about this item ({examples}). A tag is a search you can be found for; one that names nothing about the item matches nobody looking for it. Replace them with phrases that name it.",
  "tags.not-used": "{marketplace} listings have no tags, so these {count} tag(s) are not used. {advice}",
  "description.empty": "The description is empty. {marketplace} requires one, and shoppers read it before buying. Describe the item.",
  "description.main-phrase-late":
    'Your main phrase "{phrase}" is not in the first {window} characters of the description, the part shown before "more" and read by search. Mention it in the first sentence.',
  "description.too-short": "The description has {count} words. A short description leaves shoppers' questions open. Write at least {min} words: {advice}.",
  "description.details": "The description does not say {missing}. Shoppers look for these before buying, and missing answers cost sales. Add them.",
  "description.digital-note":
    "This looks like a digital item, but the description does not say {missing}. Buyers who expect a parcel leave bad reviews. Say it is a digital download and that no physical item is shipped.",
  "description.unsupported-claims":
    "The description says {claims}, but nothing you gave Listora about this item says so ({needs}). A buyer who finds one untrue claim stops trusting the rest. Remove the sentence, or, if it is true, add it to the facts we used.",
  "description.dropped-facts": "The listing no longer says {examples}, which you gave for this item. Every size, number and detail you gave is something a buyer looks for. Put them back.",
  "description.filler": "{count} sentence(s) say nothing about the item ({examples}). Shoppers skip stock lines; say what is true of this item instead.",
  "description.english-words": "This Turkish listing has English words ({examples}). Mixed languages read as a careless translation. Write them in Turkish.",
  "description.html": "The description contains HTML tags ({examples}). Amazon allows only line breaks. Remove the tags.",
  "altTexts.too-long": "{count} alt text(s) are longer than {max} characters; Etsy refuses them. Shorten them.",
  "altTexts.missing": "{missing} of {photos} photo(s) have no alt text. Alt text describes a photo to shoppers who use screen readers and to search. Write one for every photo.",
  "altTexts.none": "There are no alt texts. Alt text describes a photo to shoppers who use screen readers and to search. Write one for each photo.",
  "photos.none": "The listing has no photos. {marketplace} needs at least one photo to publish a listing. Add photos.",
  "photos.too-many": "The listing has {count} photos; {marketplace} allows at most {max}. Remove {extra}.",
  "photos.too-few": "The listing has {count} photo(s). Listings with at least {min} photos (different angles, scale, detail, in use) convert better. Add more.",
  "bullets.missing": "{count} of {max} bullet points are written. Amazon shows five bullets beside the photos; shoppers decide from them. Add {missing} more.",
  "bullets.too-many": "There are {count} bullet points; Amazon shows {max}. Keep the five that matter most.",
  "bullets.filler": "{count} bullet point(s) say nothing about the item ({examples}). Each bullet is a reason to buy; use it for a fact: size, material, what is included.",
  "bullets.too-long": "{count} bullet point(s) are longer than {max} characters, more than Amazon accepts. Shorten them.",
  "searchTerms.missing": "There are no backend search terms. Amazon indexes them without showing them: the place for synonyms and other words shoppers use. Add some.",
  "searchTerms.too-long": "The search terms are {bytes} bytes; Amazon reads at most {max} and ignores the whole field when it is longer. Shorten them.",
  "searchTerms.repeats-title": "The search terms repeat title words ({examples}). Amazon already indexes the title, so these bytes are wasted. Use other words.",
  "searchTerms.duplicates": "The search terms repeat {examples}. Each word counts once; repeats waste bytes. Remove them.",
  "itemSpecifics.missing":
    "There are no item specifics. eBay's search filters (brand, material, size, colour) use them, so a listing without them drops out of filtered searches. Add the ones that apply.",
  "itemSpecifics.few": "Only {count} item specific(s). eBay recommends filling every specific that applies to the category; buyers filter on them. Add more (material, size, colour, style).",
  "itemSpecifics.too-long": "{count} item specific(s) are longer than {max} characters ({examples}), more than eBay accepts. Shorten them.",
  "itemSpecifics.empty-value": "{count} item specific(s) have a name but no value ({examples}). Fill them in or remove them.",
};

/**
 * Why a claim is not supported, by key (a finding's `needKeys`; the app's `audit.need.<key>`): what the
 * seller's own words or facts would have to say for the claim to stand.
 */
export const AUDIT_NEEDS_EN: Record<string, string> = {
  handmade: "you did not say it is made by hand",
  ownWords: "these are not your words, and no fact you gave backs them",
  unique: "you did not say each piece is unique",
  easyCare: "the care you gave does not make it easy",
  machineWash: "you did not say it is machine washable",
  dishwasher: "you did not say it is dishwasher safe",
  instructions: "you did not mention instructions",
  skill: "it is not the skill level you gave",
  diy: "you did not say it is a kit or a project to make",
  pdf: "PDF is not among the file formats you gave",
  digital: "you did not say it is a digital file",
  instant: "you make it to order, so it is not downloaded at once",
  gift: "you did not mention a gift or who it is for",
  occasion: "you did not name that occasion",
  personalised: "you did not offer personalisation",
  vintage: "you did not say it is vintage",
  audience: "you did not say who it is for",
  use: "you did not name that use or place",
  property: "you did not say it",
};

/** The score in words (audit.explain.<key> in the app). `weakest` follows when a part lost points. */
export const AUDIT_EXPLANATIONS_EN: Record<string, string> = {
  refused: "{marketplace} would refuse this listing until its {errors} error(s) are fixed, so it keeps only part of its points. Fix them and the score rises to about {ifFixed}.",
  excellent: "A complete, careful listing: shoppers find it and know what they are buying.",
  good: "A good listing with {warnings} thing(s) to improve.",
  fair: "Shoppers can find this listing, but it leaves out things they look for.",
  poor: "This listing says too little for shoppers to find it or trust it.",
  weakest: " The {weakPart} lost the most points ({weakLost}).",
};

/** Fills `{name}` placeholders; an unknown placeholder stays as written. */
export function formatMessage(template: string, params: AuditParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
