import { PlusIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useT } from "~/lib/i18n";
import { CharCounter, charCount } from "./char-counter";
import { LISTING_LIMITS, type ListingChanges } from "./listing-client";
import "~/lib/i18n/catalog/listings";

export interface EditableListing {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
}

/**
 * Edit mode of the listing detail: title, description (markdown), tags as chips, alt texts. The
 * counters show each marketplace limit; the server enforces the rules on save and says what it fixed.
 */
export function ListingEditor({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: EditableListing;
  saving: boolean;
  onSave: (changes: ListingChanges) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const ids = { title: useId(), description: useId(), tag: useId(), alt: useId() };
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [tags, setTags] = useState(initial.tags);
  const [tagText, setTagText] = useState("");
  const [altTexts, setAltTexts] = useState(initial.altTexts);

  function addTag() {
    const tag = tagText.trim();
    setTagText("");
    if (!tag || tags.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) return;
    setTags([...tags, tag]);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    onSave({
      title: title.trim(),
      description,
      tags: tags.map((tag) => tag.trim()).filter(Boolean),
      altTexts: altTexts.map((alt) => alt.trim()).filter(Boolean),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-6" data-testid="listing-editor">
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.title}>{t("detail.section.title")}</Label>
          <CharCounter count={charCount(title)} max={LISTING_LIMITS.titleMax} />
        </div>
        <Input id={ids.title} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={1000} disabled={saving} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.description}>{t("detail.section.description")}</Label>
        <Textarea
          id={ids.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={LISTING_LIMITS.descriptionMax}
          className="min-h-64 font-mono text-sm md:text-sm"
          disabled={saving}
        />
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.tag}>{t("detail.section.tags")}</Label>
          <span className="text-xs tabular-nums text-muted-foreground">{t("listing.tagCount", { count: tags.length, max: LISTING_LIMITS.tagCount })}</span>
        </div>
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" data-testid="edit-tags">
            {tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary" className="h-7 gap-1.5 py-0 pr-0.5 pl-2.5 text-sm font-normal">
                  <span>{tag}</span>
                  <CharCounter count={charCount(tag)} max={LISTING_LIMITS.tagMax} className="text-[0.7rem]" />
                  <button
                    type="button"
                    onClick={() => setTags(tags.filter((x) => x !== tag))}
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
            value={tagText}
            onChange={(e) => setTagText(e.target.value)}
            onKeyDown={(e) => {
              if ((e.key === "Enter" || e.key === ",") && !e.nativeEvent.isComposing) {
                e.preventDefault();
                addTag();
              }
            }}
            placeholder={t("detail.tagPlaceholder")}
            maxLength={200}
            disabled={saving}
            autoComplete="off"
          />
          <Button type="button" variant="secondary" onClick={addTag} disabled={saving}>
            <PlusIcon aria-hidden="true" />
            {t("detail.addTag")}
          </Button>
        </div>
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
                <CharCounter count={charCount(alt)} max={LISTING_LIMITS.altTextMax} />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  onClick={() => setAltTexts(altTexts.filter((_, i) => i !== index))}
                  disabled={saving}
                  aria-label={t("detail.removeAltText", { n: index + 1 })}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </div>
            </div>
            <Textarea
              id={`${ids.alt}-${index}`}
              value={alt}
              rows={2}
              onChange={(e) => setAltTexts(altTexts.map((x, i) => (i === index ? e.target.value : x)))}
              maxLength={1000}
              className="min-h-12"
              disabled={saving}
            />
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => setAltTexts([...altTexts, ""])}
          disabled={saving || altTexts.length >= LISTING_LIMITS.altTextsMax}
        >
          <PlusIcon aria-hidden="true" />
          {t("detail.addAltText")}
        </Button>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          {t("detail.cancel")}
        </Button>
        <Button type="submit" disabled={saving} data-testid="save-listing">
          {saving ? t("detail.saving") : t("detail.save")}
        </Button>
      </div>
    </form>
  );
}
