import { ArrowRightIcon, ClockIcon, Trash2Icon } from "lucide-react";
import type { Grade } from "../../../shared/audit";
import { useMemo } from "react";
import { useI18n } from "~/lib/i18n";
import { formatDate, relativeTime } from "./relative-time";
import { GRADE_COLOUR } from "~/components/audit/score-ring";

/** What a card shows, and all the page sends of a listing (its HTML and its data for hydration, decision 0060). */
export interface ListingCardData {
  id: string;
  title: string;
  /** The description as plain text, cut to what two lines can show. */
  description: string;
  /** The first three tags; `moreTags` counts the rest ('+N more'). */
  tags: string[];
  moreTags: number;
  /** Milliseconds since 1970 (a missing or invalid date is the time of the load, SPEC §3). */
  createdAt: number;
  score: number | null;
  grade: Grade | null;
}

/**
 * The card's three icons and its score ring, drawn once on the page and referenced by every card with
 * <use> (decision 0060): the icons are Lucide's own drawings, inside symbols.
 */
export function ListingCardIcons() {
  return (
    <svg className="hidden" aria-hidden="true">
      <symbol id="lc-trash" viewBox="0 0 24 24">
        <Trash2Icon />
      </symbol>
      <symbol id="lc-clock" viewBox="0 0 24 24">
        <ClockIcon />
      </symbol>
      <symbol id="lc-arrow" viewBox="0 0 24 24">
        <ArrowRightIcon />
      </symbol>
      {/* The score ring: its track, and the arc whose length is 100 (each card sets how much of it is left out). */}
      <symbol id="lc-ring" viewBox="0 0 44 44">
        <circle cx="22" cy="22" r="20" strokeOpacity={0.15} />
        <circle cx="22" cy="22" r="20" pathLength={100} strokeDasharray="100" />
      </symbol>
    </svg>
  );
}

/** Text for HTML: the five characters that could end a text or an attribute value, as character references. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const icon = (name: "trash" | "clock" | "arrow") => `<svg aria-hidden="true"><use href="#lc-${name}"></use></svg>`;

type Translate = ReturnType<typeof useI18n>["t"];

/**
 * One card of My Listings (an item of the list): score ring, title, 2-line description, first 3 tags
 * plus '+N more', relative time, View Details, as HTML (decision 0064). A card has nothing of its own to
 * do in the browser (its links and its delete button are the list's, `ListingCards`), and React's
 * server render of 50 cards' 1,400 elements was a third of the page's time at the edge: the list writes
 * them as one string on the server and in the browser alike, every seller's text escaped. Its look lives
 * in app/app.css (the `lc-` classes, decision 0060).
 */
function listingCardHtml(listing: ListingCardData, t: Translate, language: string, now: number, viewInputs: string): string {
  const title = escapeHtml(listing.title.trim() || t("listings.untitled"));
  const href = `/listings/${encodeURIComponent(listing.id)}`;
  const { score, grade } = listing;
  const ring =
    score !== null && grade !== null
      ? `<div role="img" aria-label="${escapeHtml(t("audit.score.label", { score, grade }))}" class="lc-ring ${GRADE_COLOUR[grade]}" data-testid="score-ring" data-score="${score}" data-grade="${grade}"><svg aria-hidden="true"><use href="#lc-ring" stroke-dashoffset="${100 - score}"></use></svg><span aria-hidden="true">${score}</span></div>`
      : "";
  const more = listing.moreTags > 0 ? `<li class="lc-more">${escapeHtml(t("listings.moreTags", { n: listing.moreTags }))}</li>` : "";
  const tags =
    listing.tags.length > 0 ? `<ul class="lc-tags" aria-label="${escapeHtml(t("detail.section.tags"))}">${listing.tags.map((tag) => `<li>${escapeHtml(tag)}</li>`).join("")}${more}</ul>` : "";
  const details = escapeHtml(t("listings.viewDetails"));
  return (
    `<li class="lc" data-testid="listing-card"><div class="lc-head">${ring}` +
    // data-discover: React Router learns the listing route from the page's links before a click (as a <Link> would have it).
    `<div class="lc-title"><a href="${href}" data-discover="true">${title}</a></div>` +
    // Without JavaScript the button asks the page for the confirmation (?delete=<id>, decision 0067), in the view it was on (its search, sort, page); the list opens its dialog instead.
    `<form class="lc-delf" action="/listings">${viewInputs}<button class="lc-del" name="delete" value="${escapeHtml(listing.id)}" aria-label="${escapeHtml(t("listings.deleteLabel", { title: listing.title.trim() || t("listings.untitled") }))}" aria-haspopup="dialog">${icon("trash")}</button></form></div>` +
    `<div class="lc-body"><p class="lc-desc" data-testid="listing-card-description">${escapeHtml(listing.description)}</p>${tags}` +
    `<p class="lc-time">${icon("clock")}<time dateTime="${new Date(listing.createdAt).toISOString()}" title="${escapeHtml(formatDate(listing.createdAt, language))}">${escapeHtml(relativeTime(listing.createdAt, language, now))}</time></p></div>` +
    `<div class="lc-foot"><a href="${href}" aria-label="${details}: ${title}">${details}${icon("arrow")}</a></div></li>`
  );
}

/**
 * My Listings' cards: the list of their HTML (`listingCardHtml`), the same from the server's render and
 * the browser's, so hydration keeps it as it is. A click on a card's link is followed in the page
 * (`followLink`); one on its delete button asks the list's one confirmation dialog (`onDelete`).
 */
export function ListingCards({
  cards,
  view = [],
  now,
  className,
  onDelete,
  navigate,
}: {
  cards: ListingCardData[];
  /** The fields of the list's view (?q=, ?sort=, ?page=) a delete button's form keeps. */
  view?: [string, string][];
  now: number;
  className?: string;
  onDelete: (id: string, title: string, button: HTMLButtonElement) => void;
  navigate: (to: string) => void;
}) {
  const { t, language } = useI18n();
  const viewInputs = view.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join("");
  const html = useMemo(() => cards.map((card) => listingCardHtml(card, t, language, now, viewInputs)).join(""), [cards, t, language, now, viewInputs]);
  const titles = useMemo(() => new Map(cards.map((card) => [card.id, card.title.trim() || t("listings.untitled")])), [cards, t]);
  return (
    <ul
      className={className}
      onClick={(event) => {
        const button = (event.target as Element).closest<HTMLButtonElement>("button.lc-del");
        if (button && event.currentTarget.contains(button)) {
          // The page's own dialog asks instead of the form's GET.
          event.preventDefault();
          const id = button.value;
          return onDelete(id, titles.get(id) ?? "", button);
        }
        followLink(event, navigate);
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * The cards' links, followed in the browser as a router link would (decision 0060): a plain click on an
 * anchor of this origin navigates without reloading; a click with a modifier key, another button or on a
 * link with a target stays the browser's (a new tab, a download).
 */
function followLink(event: React.MouseEvent<HTMLElement>, navigate: (to: string) => void) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || !event.currentTarget.contains(anchor) || anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search + anchor.hash);
}
