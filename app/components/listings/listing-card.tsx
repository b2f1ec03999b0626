import { ArrowRightIcon, ClockIcon, Trash2Icon } from "lucide-react";
import type { Grade } from "../../../shared/audit";
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

function Icon({ name }: { name: "trash" | "clock" | "arrow" }) {
  return (
    <svg aria-hidden="true">
      <use href={`#lc-${name}`} />
    </svg>
  );
}

/**
 * One card of My Listings (an item of the list): score ring, title, 2-line description, first 3 tags plus '+N more', relative
 * time, View Details. Its look lives in app/app.css (the `lc-` classes, decision 0060): 50 cards of
 * repeated utility strings, Lucide icons and router links made 7 KB of HTML a card. The two links are
 * plain anchors the list follows in the browser (`followLink`); the delete button asks the list's one
 * confirmation dialog (`onDelete`).
 */
export function ListingCard({ listing, now, onDelete }: { listing: ListingCardData; now: number; onDelete: (title: string, button: HTMLButtonElement) => void }) {
  const { t, language } = useI18n();
  const title = listing.title.trim() || t("listings.untitled");
  const href = `/listings/${listing.id}`;
  const { score, grade } = listing;
  return (
    <li className="lc" data-testid="listing-card">
      <div className="lc-head">
        {score !== null && grade !== null && (
          <div role="img" aria-label={t("audit.score.label", { score, grade })} className={`lc-ring ${GRADE_COLOUR[grade]}`} data-testid="score-ring" data-score={score} data-grade={grade}>
            <svg aria-hidden="true">
              <use href="#lc-ring" strokeDashoffset={100 - score} />
            </svg>
            <span aria-hidden="true">{score}</span>
          </div>
        )}
        <div className="lc-title">
          {/* data-discover: React Router learns the listing route from the page's links before a click (as a <Link> would have it). */}
          <a href={href} data-discover="true">
            {title}
          </a>
        </div>
        <button type="button" className="lc-del" aria-label={t("listings.deleteLabel", { title })} aria-haspopup="dialog" onClick={(event) => onDelete(title, event.currentTarget)}>
          <Icon name="trash" />
        </button>
      </div>
      <div className="lc-body">
        <p className="lc-desc" data-testid="listing-card-description">
          {listing.description}
        </p>
        {listing.tags.length > 0 && (
          <ul className="lc-tags" aria-label={t("detail.section.tags")}>
            {listing.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
            {listing.moreTags > 0 && <li className="lc-more">{t("listings.moreTags", { n: listing.moreTags })}</li>}
          </ul>
        )}
        <p className="lc-time">
          <Icon name="clock" />
          <time dateTime={new Date(listing.createdAt).toISOString()} title={formatDate(listing.createdAt, language)}>
            {relativeTime(listing.createdAt, language, now)}
          </time>
        </p>
      </div>
      <div className="lc-foot">
        <a href={href} aria-label={`${t("listings.viewDetails")}: ${title}`}>
          {t("listings.viewDetails")}
          <Icon name="arrow" />
        </a>
      </div>
    </li>
  );
}

/**
 * The cards' links, followed in the browser as a router link would (decision 0060): a plain click on an
 * anchor of this origin navigates without reloading; a click with a modifier key, another button or on a
 * link with a target stays the browser's (a new tab, a download).
 */
export function followLink(event: React.MouseEvent<HTMLElement>, navigate: (to: string) => void) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || !event.currentTarget.contains(anchor) || anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search + anchor.hash);
}
