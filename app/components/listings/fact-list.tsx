import { PencilIcon, PlusIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ApiError, errorMessage } from "~/lib/api";
import type { ListingDetail } from "~/lib/api/listings";
import { listingOf, useListingAction, type ListingActionAnswer } from "~/lib/listing-actions";
import { inBrowser } from "~/lib/utils";
import { useT, type MessageKey } from "~/lib/i18n";
import { FACT_LIMITS, LISTING_FACT_KINDS } from "../../../schema/api/listings";

/** Each fact kind's label on "Facts we used". */
const FACT_KIND_LABELS: Record<string, MessageKey> = {
  brand: "facts.kind.brand",
  model: "facts.kind.model",
  era: "facts.kind.era",
  material: "facts.kind.material",
  measure: "facts.kind.measure",
  size: "facts.kind.size",
  tool: "facts.kind.tool",
  count: "facts.kind.count",
  colour: "facts.kind.colour",
  design: "facts.kind.design",
  condition: "facts.kind.condition",
  care: "facts.kind.care",
  personalisation: "facts.kind.personalisation",
  format: "facts.kind.format",
  editor: "facts.kind.editor",
  skill: "facts.kind.skill",
  terms: "facts.kind.terms",
  craft: "facts.kind.craft",
  fits: "facts.kind.fits",
  scent: "facts.kind.scent",
  detail: "facts.kind.detail",
  origin: "facts.kind.origin",
};

interface Fact {
  kind: string;
  value: string;
}

/**
 * "Facts we used" (issue 24): the facts the writers work from, which the seller can correct (remove a
 * wrong one, edit a value, add a missing one). The corrected list is kept with the listing and wins over
 * what was read; the next generation of the listing writes from it.
 *
 * Before the page runs (or without JavaScript, decision 0068) "Correct facts" asks the page for the form
 * (?facts=1), Add and Remove post the form's `edit` and the server answers it changed, Cancel's `edit`
 * goes back to the list, Save posts the
 * rows and lands back here saying so (`savedNow`), and a refusal comes back with the rows as posted.
 */
export function FactList({
  listing,
  hint,
  onSaved,
  startOpen = false,
  posted,
  savedNow = false,
}: {
  listing: ListingDetail;
  hint: string;
  onSaved?: (listing: ListingDetail) => void;
  startOpen?: boolean;
  posted?: ListingActionAnswer;
  savedNow?: boolean;
}) {
  const t = useT();
  // Saved through the listing route's `facts` action (/listings/:id); the screen's loaders read again after it.
  const saver = useListingAction(listing.id);
  const id = useId();
  const path = `/listings/${encodeURIComponent(listing.id)}`;
  const postedFacts = posted?.ok ? (posted.edit === "facts" ? posted.facts : null) : posted?.intent === "facts" ? (posted.facts ?? null) : null;
  const refused = posted && !posted.ok && posted.intent === "facts" ? posted : null;
  const [facts, setFacts] = useState<Fact[]>(listing.facts ?? []);
  const [corrected, setCorrected] = useState(!!listing.facts_corrected);
  const [draft, setDraft] = useState<Fact[] | null>(() => postedFacts ?? (startOpen ? (listing.facts ?? []).map((f) => ({ ...f })) : null));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(() => {
    if (!refused) return null;
    if (postedFacts?.some((f) => !f.value.trim())) return t("facts.edit.empty");
    return errorMessage(new ApiError(refused.error.message, refused.status, { success: false, ...refused.error }), undefined, t);
  });
  const [saved, setSaved] = useState(savedNow);
  const label = (kind: string) => t(FACT_KIND_LABELS[kind] ?? "facts.kind.other");
  const open = () => {
    setDraft(facts.map((f) => ({ ...f })));
    setSaved(false);
  };

  const edit = (index: number, change: Partial<Fact>) => setDraft((d) => d && d.map((f, i) => (i === index ? { ...f, ...change } : f)));
  const save = async () => {
    if (!draft) return;
    const list = draft.map((f) => ({ kind: f.kind, value: f.value.trim() }));
    if (list.some((f) => !f.value)) {
      setError(t("facts.edit.empty"));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const next = listingOf(await saver.run("facts", { facts: list }));
      setFacts(next.facts ?? []);
      setCorrected(!!next.facts_corrected);
      setDraft(null);
      setSaved(true);
      onSaved?.(next);
    } catch (e) {
      setError(e instanceof ApiError ? errorMessage(e, undefined, t) : t("facts.edit.failed"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-3" data-testid="fact-list">
      <p className="text-sm text-muted-foreground">{hint}</p>
      {draft ? (
        <form
          method="post"
          action={`${path}#facts`}
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <input type="hidden" name="intent" value="facts" />
          {/* The first submit button is the one Enter presses (HTML's implicit submission): Save, not a row's Remove. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
          {draft.length === 0 && <p className="text-sm text-muted-foreground">{t("facts.edit.emptyList")}</p>}
          <ul className="grid gap-4 sm:gap-2">
            {draft.map((fact, index) => (
              <li key={index} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[9rem_minmax(0,1fr)_auto]" data-testid="fact-row">
                <select
                  name="factKind"
                  aria-label={t("facts.edit.kindLabel", { n: index + 1 })}
                  value={fact.kind}
                  onChange={(e) => edit(index, { kind: e.target.value })}
                  className="col-start-1 row-start-1 h-9 w-full min-w-0 rounded-md border bg-background px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  data-testid="fact-kind"
                >
                  {LISTING_FACT_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {label(kind)}
                    </option>
                  ))}
                </select>
                <Input
                  name="factValue"
                  aria-label={t("facts.edit.valueLabel", { n: index + 1 })}
                  value={fact.value}
                  maxLength={FACT_LIMITS.valueMax}
                  onChange={(e) => edit(index, { value: e.target.value })}
                  className="col-span-2 row-start-2 sm:col-span-1 sm:col-start-2 sm:row-start-1"
                  data-testid="fact-value"
                />
                <Button
                  type="submit"
                  name="edit"
                  value={`removeFact:${index}`}
                  variant="ghost"
                  size="icon"
                  aria-label={t("facts.edit.remove", { fact: fact.value || label(fact.kind) })}
                  title={t("facts.edit.remove", { fact: fact.value || label(fact.kind) })}
                  onClick={inBrowser(() => setDraft((d) => d && d.filter((_, i) => i !== index)))}
                  className="col-start-2 row-start-1 sm:col-start-3"
                  data-testid="fact-remove"
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          {error && (
            <p role="alert" id={`${id}-error`} className="text-sm text-destructive" data-testid="fact-error">
              {error}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="submit"
              name="edit"
              value="addFact"
              variant="outline"
              size="sm"
              disabled={draft.length >= FACT_LIMITS.count}
              onClick={inBrowser(() => setDraft((d) => [...(d ?? []), { kind: "material", value: "" }]))}
              data-testid="fact-add"
            >
              <PlusIcon aria-hidden="true" />
              {t("facts.edit.add")}
            </Button>
            <span className="flex-1" />
            <Button type="submit" name="edit" value="cancel" variant="ghost" size="sm" onClick={inBrowser(() => (setDraft(null), setError(null)))} disabled={saving}>
              {t("facts.edit.cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={saving} data-testid="fact-save">
              {saving ? t("facts.edit.saving") : t("facts.edit.save")}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {facts.length ? (
            <ul className="flex flex-wrap gap-2" data-testid="fact-items">
              {facts.map((fact, index) => (
                <li key={`${fact.kind}-${index}`} className="rounded-md border px-2 py-1 text-sm break-words" data-testid="fact-item">
                  <span className="text-muted-foreground">{label(fact.kind)}:</span> {fact.value}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{corrected ? t("facts.edit.noneCorrected") : t("detail.facts.none")}</p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <form
              method="get"
              action={`${path}#facts`}
              className="contents"
              onSubmit={(event) => {
                event.preventDefault();
                open();
              }}
            >
              <input type="hidden" name="facts" value="1" />
              <Button type="submit" variant="outline" size="sm" data-testid="fact-correct">
                <PencilIcon aria-hidden="true" />
                {t("facts.edit.open")}
              </Button>
            </form>
            {(saved || corrected) && (
              <span className="text-xs text-muted-foreground" role={saved ? "status" : undefined} data-testid="fact-corrected">
                {saved ? t("facts.edit.saved") : t("facts.edit.corrected")}
              </span>
            )}
          </div>
        </>
      )}
    </div>
  );
}
