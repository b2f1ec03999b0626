import { ArrowRightIcon, ClockIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { useI18n } from "~/lib/i18n";
import type { ListingSummary } from "~/lib/api/listings";
import { createdAtOf, formatDate, relativeTime } from "./relative-time";
import { markdownToPlainText } from "./safe-markdown";
import { ScoreRing } from "~/components/audit/score-ring";

const SHOWN_TAGS = 3;
/**
 * A tag looks like a Badge, without the classes a plain span never uses (focus rings, invalid states,
 * icons, links): 50 cards carry four each, and the page's HTML was 2 KB a card lighter without them.
 */
const TAG = "inline-flex w-fit max-w-full shrink-0 items-center justify-center overflow-hidden whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-normal";

/**
 * One card of My Listings: title, 2-line description, first 3 tags plus '+N more', relative time. Its
 * delete button asks the list's one confirmation dialog (`onDelete`): a dialog per card made the
 * server render 50 of them.
 */
export function ListingCard({ listing, now, onDelete }: { listing: ListingSummary; now: number; onDelete: (title: string, button: HTMLButtonElement) => void }) {
  const { t, language } = useI18n();
  const tags = Array.isArray(listing.tags) ? listing.tags : [];
  const title = listing.title?.trim() || t("listings.untitled");
  const created = createdAtOf(listing.createdAt, now);
  return (
    <Card className="gap-4 py-5" data-testid="listing-card">
      <CardHeader className="px-5">
        <div className="flex items-start justify-between gap-2">
          {typeof listing.score === "number" && listing.grade && <ScoreRing score={listing.score} grade={listing.grade} size="sm" className="-mt-1" />}
          <CardTitle className="line-clamp-2 min-w-0 flex-1 text-base leading-snug break-words">
            <Link to={`/listings/${listing.id}`} className="rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
              {title}
            </Link>
          </CardTitle>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-2 size-8 shrink-0 text-muted-foreground hover:text-destructive"
            aria-label={t("listings.deleteLabel", { title })}
            aria-haspopup="dialog"
            onClick={(event) => onDelete(title, event.currentTarget)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 px-5">
        <p className="line-clamp-2 text-sm text-muted-foreground break-words" data-testid="listing-card-description">
          {markdownToPlainText(listing.description ?? "")}
        </p>
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("detail.section.tags")}>
            {tags.slice(0, SHOWN_TAGS).map((tag) => (
              <li key={tag} className="max-w-full">
                <span data-slot="badge" className={`${TAG} border-transparent bg-secondary text-secondary-foreground`}>
                  <span className="truncate">{tag}</span>
                </span>
              </li>
            ))}
            {tags.length > SHOWN_TAGS && (
              <li>
                <span data-slot="badge" className={`${TAG} text-muted-foreground`}>
                  {t("listings.moreTags", { n: tags.length - SHOWN_TAGS })}
                </span>
              </li>
            )}
          </ul>
        )}
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ClockIcon className="size-3.5" aria-hidden="true" />
          <time dateTime={new Date(created).toISOString()} title={formatDate(created, language)}>
            {relativeTime(created, language, now)}
          </time>
        </p>
      </CardContent>
      <CardFooter className="border-t px-5 pt-4 [.border-t]:pt-4">
        <Button asChild variant="ghost" size="sm" className="-ml-2 w-full justify-between sm:w-auto">
          <Link to={`/listings/${listing.id}`} aria-label={`${t("listings.viewDetails")}: ${title}`}>
            {t("listings.viewDetails")}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
