import { ArrowRightIcon, MinusIcon, PlusIcon } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import type { ShopProposal } from "~/lib/api/shop";
import { Badge } from "~/components/ui/badge";
import { diffTags, diffWords } from "~/lib/diff";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { GradeBadge } from "./grade-badge";
import { TextDiff } from "./text-diff";

export interface ListingText {
  title: string;
  tags: string[];
  description: string;
}

function Side({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid min-w-0 content-start gap-1.5 rounded-lg border bg-muted/20 p-3" data-testid={testId}>
      <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
      {children}
    </div>
  );
}

function Part({ title, before, after }: { title: string; before: ReactNode; after: ReactNode }) {
  const { t } = useI18n();
  return (
    <section className="grid gap-2" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="grid gap-2 md:grid-cols-2">
        <Side label={t("shop.compare.before")} testId="compare-before">
          {before}
        </Side>
        <Side label={t("shop.compare.after")} testId="compare-after">
          {after}
        </Side>
      </div>
    </section>
  );
}

function TagList({ tags, side, changed }: { tags: string[]; side: "before" | "after"; changed: (tag: string) => boolean }) {
  const { t } = useI18n();
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">{t("shop.compare.noTags")}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag, index) => {
        const mark = changed(tag);
        return (
          <li key={`${tag}-${index}`} className="max-w-full">
            <Badge
              variant={mark ? "outline" : "secondary"}
              className={cn(
                "max-w-full font-normal",
                mark && side === "before" && "border-destructive/50 bg-destructive/10 text-destructive line-through dark:text-red-300",
                mark && side === "after" && "border-success/50 bg-success/10 text-success dark:text-green-300",
              )}
              data-change={mark ? (side === "before" ? "removed" : "added") : undefined}
            >
              {mark && (side === "before" ? <MinusIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />)}
              {mark && <span className="sr-only">{side === "before" ? t("shop.compare.removed") : t("shop.compare.added")} </span>}
              <span className="truncate">{tag}</span>
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

/** A proposal beside the listing as it is now: title, tags and description with what changes marked, and both scores. */
export function ProposalCompare({ current, proposal }: { current: ListingText; proposal: ShopProposal }) {
  const { t } = useI18n();
  const title = useMemo(() => diffWords(current.title, proposal.title), [current.title, proposal.title]);
  const description = useMemo(() => diffWords(current.description, proposal.description), [current.description, proposal.description]);
  const tags = useMemo(() => diffTags(current.tags, proposal.tags), [current.tags, proposal.tags]);
  return (
    <div className="grid gap-5" data-testid="proposal-compare">
      <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="compare-scores">
        <span className="text-muted-foreground">{t("shop.compare.score")}</span>
        <GradeBadge score={proposal.scoreBefore} grade={proposal.gradeBefore} />
        <ArrowRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">{t("shop.compare.to")}</span>
        <GradeBadge score={proposal.scoreAfter} grade={proposal.gradeAfter} />
        {proposal.scoreAfter !== proposal.scoreBefore && (
          <span className={cn("font-medium tabular-nums", proposal.scoreAfter > proposal.scoreBefore ? "text-success" : "text-destructive")}>
            {proposal.scoreAfter > proposal.scoreBefore ? "+" : ""}
            {proposal.scoreAfter - proposal.scoreBefore}
          </span>
        )}
      </div>
      <Part
        title={t("shop.compare.title")}
        before={<TextDiff parts={title} side="before" className="font-medium" testId="diff-title-before" />}
        after={<TextDiff parts={title} side="after" className="font-medium" testId="diff-title-after" />}
      />
      <Part
        title={t("shop.compare.tags", { before: current.tags.length, after: proposal.tags.length })}
        before={<TagList tags={current.tags} side="before" changed={tags.isRemoved} />}
        after={<TagList tags={proposal.tags} side="after" changed={tags.isAdded} />}
      />
      <Part
        title={t("shop.compare.description")}
        before={<TextDiff parts={description} side="before" className="max-h-80 overflow-y-auto" testId="diff-description-before" />}
        after={<TextDiff parts={description} side="after" className="max-h-80 overflow-y-auto" testId="diff-description-after" />}
      />
    </div>
  );
}
