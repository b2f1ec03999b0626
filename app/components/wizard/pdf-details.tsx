import { RefreshCwIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { useT } from "~/lib/i18n";
import { listCoverPhotos, type CoverPhotoChoice, type WizardChoices } from "~/lib/wizard";

const NONE = "none";
const AS_WRITTEN = "as-written";

/**
 * What the PDF says about its maker (issue 27): the designer's name (the profile's store name until the
 * seller types another), a photo of the finished piece from their own uploads, and for crochet the
 * terms the PDF is written in. "Remake PDF" builds the file again with them.
 */
export function PdfDetails({
  value,
  profileName,
  crochet,
  disabled,
  onRemake,
}: {
  value: WizardChoices;
  profileName: string;
  crochet: boolean;
  disabled?: boolean;
  onRemake: (next: WizardChoices) => void;
}) {
  const t = useT();
  const designerId = useId();
  const photoId = useId();
  const termsId = useId();
  // What the seller typed; until then the wizard's choice, else the profile's store name (which may load later).
  const [typed, setDesigner] = useState<string | undefined>(value.designer);
  const designer = typed ?? profileName;
  const [photo, setPhoto] = useState(value.coverPhotoId ?? NONE);
  const [terms, setTerms] = useState<string>(value.convertTerms ?? AS_WRITTEN);
  const [photos, setPhotos] = useState<CoverPhotoChoice[]>([]);

  useEffect(() => {
    let live = true;
    listCoverPhotos()
      .then((list) => live && setPhotos(list))
      .catch(() => live && setPhotos([]));
    return () => {
      live = false;
    };
  }, []);

  function remake() {
    onRemake({ ...value, designer: designer.trim(), coverPhotoId: photo === NONE ? undefined : photo, convertTerms: terms === AS_WRITTEN ? undefined : (terms as "us" | "uk") });
  }

  return (
    <div className="grid gap-3 rounded-lg border p-3" role="group" aria-label={t("wizard.pdf.details")} data-testid="pdf-details">
      <div className="grid gap-1.5">
        <Label htmlFor={designerId} className="text-xs text-muted-foreground">
          {t("wizard.pdf.designer")}
        </Label>
        <Input
          id={designerId}
          value={designer}
          maxLength={80}
          onChange={(e) => setDesigner(e.target.value)}
          placeholder={t("wizard.pdf.designerPlaceholder")}
          disabled={disabled}
          data-testid="pdf-designer"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={photoId} className="text-xs text-muted-foreground">
          {t("wizard.pdf.photo")}
        </Label>
        <Select value={photo} onValueChange={setPhoto} disabled={disabled}>
          <SelectTrigger id={photoId} className="w-full" data-testid="pdf-photo">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{t("wizard.pdf.noPhoto")}</SelectItem>
            {photos.map((p) => (
              <SelectItem key={p.id} value={p.id}>
                {p.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {photos.length === 0 && <p className="text-xs text-muted-foreground">{t("wizard.pdf.photoHint")}</p>}
      </div>
      {crochet && (
        <div className="grid gap-1.5">
          <Label htmlFor={termsId} className="text-xs text-muted-foreground">
            {t("wizard.pdf.terms")}
          </Label>
          <Select value={terms} onValueChange={setTerms} disabled={disabled}>
            <SelectTrigger id={termsId} className="w-full" data-testid="pdf-terms">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={AS_WRITTEN}>{t("wizard.pdf.termsAsWritten")}</SelectItem>
              <SelectItem value="us">{t("wizard.pdf.termsUs")}</SelectItem>
              <SelectItem value="uk">{t("wizard.pdf.termsUk")}</SelectItem>
            </SelectContent>
          </Select>
        </div>
      )}
      <Button type="button" variant="outline" onClick={remake} disabled={disabled} data-testid="pdf-remake">
        <RefreshCwIcon aria-hidden="true" />
        {t("wizard.pdf.remake")}
      </Button>
    </div>
  );
}
