import { PlusIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import * as v from "valibot";
import { listingFormSchema, sellerLimits } from "../../../schema/api/listings";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { inBrowser } from "~/lib/utils";
import { useT } from "~/lib/i18n";
import { CharCounter } from "./char-counter";
import { type ListingChanges } from "~/lib/api/listings";

type Field = "title" | "description" | "tags" | "altTexts";
export type FieldErrors = Partial<Record<Field, string>>;

const PLATFORM_NAMES: Record<string, string> = { etsy: "Etsy", amazon: "Amazon", ebay: "eBay" };

/** The form's problems per field, from the same schema the server checks a seller's edit with. */
function validateListing(listing: EditableListing, platform?: string): FieldErrors {
  const result = v.safeParse(listingFormSchema(platform), listing);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function InlineMessage({ id, children, tone = "error" }: { id: string; children: React.ReactNode; tone?: "error" | "limit" }) {
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={tone === "error" ? "text-sm text-destructive" : "text-xs text-muted-foreground"}
      data-testid={`${id.replace(/^.*?-msg-/, "")}-message`}
    >
      {children}
    </p>
  );
}

interface EditableListing {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
}

/**
 * Edit mode of the listing detail: title, description, tags as chips, alt texts. The counters stop at
 * the marketplace's limits and say so; on save the form is checked with the schema the server uses,
 * and a field the server still refuses shows its message under that field (nothing is cut silently).
 *
 * Before the page runs (or without JavaScript) it is a plain form posting the listing route's action
 * (decision 0068): each Add and Remove button posts its `edit` and the server answers the form changed,
 * Save posts the fields, Cancel's `edit` goes back to the listing. Once hydrated the buttons work in the
 * browser and Save calls `onSave`, as before.
 */
export function ListingEditor({
  initial,
  saving,
  onSave,
  onCancel,
  platform = "etsy",
  serverErrors,
  formAction,
  formId,
  version,
}: {
  initial: EditableListing & { tagText?: string };
  saving: boolean;
  onSave: (changes: ListingChanges) => void;
  onCancel: () => void;
  platform?: string;
  serverErrors?: FieldErrors;
  /** The listing route the form posts before the page runs. */
  formAction: string;
  formId?: string;
  /** The version the edit starts from (the server refuses it with a conflict when the listing has moved on). */
  version: number;
}) {
  const t = useT();
  const limits = sellerLimits(platform);
  const platformName = PLATFORM_NAMES[platform] ?? platform;
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown: FieldErrors = { ...serverErrors, ...errors };
  const msg = (field: string) => `${ids.title}-msg-${field}`;
  const ids = { title: useId(), description: useId(), tag: useId(), alt: useId() };
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [tags, setTags] = useState(initial.tags);
  const [tagText, setTagText] = useState(initial.tagText ?? "");
  const [altTexts, setAltTexts] = useState(initial.altTexts);

  function addTag() {
    const tag = tagText.trim();
    if (tags.length >= limits.tagCount) return;
    setTagText("");
    if (!tag || tags.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) return;
    setTags([...tags, tag]);
    setErrors(({ tags: _tags, ...rest }) => rest);
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field presses the form's first button (`edit=enter`): it adds the tag being typed, if any, and saves otherwise.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name === "edit" && tagText.trim()) return addTag();
    const changes = {
      title: title.trim(),
      description,
      tags: tags.map((tag) => tag.trim()).filter(Boolean),
      altTexts: altTexts.map((alt) => alt.trim()).filter(Boolean),
    };
    const found = validateListing(changes, platform);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSave(changes);
  }

  const tagsFull = tags.length >= limits.tagCount;

  return (
    <form id={formId} method="post" action={formAction} onSubmit={submit} className="grid gap-6" data-testid="listing-editor">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="platform" value={platform} />
      {/* The first submit button is the one Enter presses (HTML's implicit submission). */}
      <button type="submit" name="edit" value="enter" hidden tabIndex={-1} aria-hidden="true" />
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.title}>{t("detail.section.title")}</Label>
          <CharCounter count={title.length} max={limits.titleMax} />
        </div>
        <Input
          id={ids.title}
          name="title"
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors(({ title: _title, ...rest }) => rest);
          }}
          maxLength={limits.titleMax}
          disabled={saving}
          aria-invalid={shown.title ? true : undefined}
          aria-describedby={shown.title || title.length >= limits.titleMax ? msg("title") : undefined}
          data-testid="edit-title"
        />
        {shown.title ? (
          <InlineMessage id={msg("title")}>{shown.title}</InlineMessage>
        ) : title.length >= limits.titleMax ? (
          <InlineMessage id={msg("title")} tone="limit">
            {t("limits.titleReached", { platform: platformName, max: limits.titleMax })}
          </InlineMessage>
        ) : null}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.description}>{t("detail.section.description")}</Label>
        <Textarea
          id={ids.description}
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={limits.descriptionMax}
          className="min-h-64 font-mono text-sm md:text-sm"
          disabled={saving}
          aria-invalid={shown.description ? true : undefined}
        />
        {shown.description && <InlineMessage id={msg("description")}>{shown.description}</InlineMessage>}
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.tag}>{t("detail.section.tags")}</Label>
          <span className="text-xs tabular-nums text-muted-foreground" data-testid="edit-tag-count">
            {t("listing.tagCount", { count: tags.length, max: limits.tagCount })}
          </span>
        </div>
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" data-testid="edit-tags">
            {tags.map((tag) => (
              <li key={tag}>
                <input type="hidden" name="tags" value={tag} />
                <Badge variant="secondary" className="h-7 gap-1.5 py-0 pr-0.5 pl-2.5 text-sm font-normal">
                  <span>{tag}</span>
                  <CharCounter count={tag.length} max={limits.tagMax} className="text-[0.7rem]" />
                  <button
                    type="submit"
                    name="edit"
                    value={`removeTag:${tag}`}
                    onClick={inBrowser(() => {
                      setTags(tags.filter((x) => x !== tag));
                      setErrors(({ tags: _tags, ...rest }) => rest);
                    })}
                    disabled={saving}
                    aria-label={t("detail.removeTag", { tag })}
                    className="inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-background/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <XIcon className="size-3.5" aria-hidden="true" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="flex gap-2">
          <Input
            id={ids.tag}
            name="tagText"
            value={tagText}
            onChange={(e) => setTagText(e.target.value)}
            onKeyDown={(e) => {
              if ((e.key === "Enter" || e.key === ",") && !e.nativeEvent.isComposing) {
                e.preventDefault();
                addTag();
              }
            }}
            placeholder={t("detail.tagPlaceholder")}
            maxLength={limits.tagMax}
            disabled={saving || tagsFull}
            autoComplete="off"
            aria-invalid={shown.tags ? true : undefined}
            data-testid="edit-tag-input"
          />
          <Button type="submit" name="edit" value="addTag" variant="secondary" onClick={inBrowser(addTag)} disabled={saving || tagsFull}>
            <PlusIcon aria-hidden="true" />
            {t("detail.addTag")}
          </Button>
        </div>
        {shown.tags ? (
          <InlineMessage id={msg("tags")}>{shown.tags}</InlineMessage>
        ) : tagsFull ? (
          <InlineMessage id={msg("tags")} tone="limit">
            {t("limits.tagsFull", { platform: platformName, max: limits.tagCount })}
          </InlineMessage>
        ) : tagText.length >= limits.tagMax ? (
          <InlineMessage id={msg("tags")} tone="limit">
            {t("limits.tagReached", { max: limits.tagMax })}
          </InlineMessage>
        ) : null}
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t("detail.section.altTexts")}</legend>
        {altTexts.map((alt, index) => (
          <div key={index} className="grid gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={`${ids.alt}-${index}`} className="text-xs text-muted-foreground">
                {t("detail.image", { n: index + 1 })}
              </Label>
              <div className="flex items-center gap-1">
                <CharCounter count={alt.length} max={limits.altTextMax} />
                <Button
                  type="submit"
                  name="edit"
                  value={`removeAlt:${index}`}
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  onClick={inBrowser(() => setAltTexts(altTexts.filter((_, i) => i !== index)))}
                  disabled={saving}
                  aria-label={t("detail.removeAltText", { n: index + 1 })}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </div>
            </div>
            <Textarea
              id={`${ids.alt}-${index}`}
              name="altTexts"
              value={alt}
              rows={2}
              onChange={(e) => {
                setAltTexts(altTexts.map((x, i) => (i === index ? e.target.value : x)));
                setErrors(({ altTexts: _alt, ...rest }) => rest);
              }}
              maxLength={limits.altTextMax}
              className="min-h-12"
              disabled={saving}
            />
          </div>
        ))}
        <Button
          type="submit"
          name="edit"
          value="addAlt"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={inBrowser(() => setAltTexts([...altTexts, ""]))}
          disabled={saving || altTexts.length >= limits.altTextCount}
        >
          <PlusIcon aria-hidden="true" />
          {t("detail.addAltText")}
        </Button>
        {shown.altTexts && <InlineMessage id={msg("altTexts")}>{shown.altTexts}</InlineMessage>}
      </fieldset>

      {Object.keys(shown).length > 0 && (
        <p className="text-sm text-destructive" role="alert" data-testid="editor-fix-first">
          {t("limits.fixFirst")}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
        <Button type="submit" name="edit" value="cancel" variant="outline" onClick={inBrowser(onCancel)} disabled={saving} data-testid="cancel-edit">
          {t("detail.cancel")}
        </Button>
        <Button type="submit" disabled={saving} data-testid="save-listing">
          {saving ? t("detail.saving") : t("detail.save")}
        </Button>
      </div>
    </form>
  );
}
