import { SearchIcon } from "lucide-react";
import { GEOS, type Geo } from "../../../schema/api/keywords";
import { FormField } from "~/components/form-field";
import { SelectField } from "~/components/keywords/select-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useT } from "~/lib/i18n";

/** Keyword (validated on blur and change) and Geographic Region (default US). */
export function AdvancedForm({
  keyword,
  geo,
  error,
  busy,
  onKeyword,
  onBlur,
  onGeo,
  onSubmit,
}: {
  keyword: string;
  geo: Geo;
  error: string | null;
  busy: boolean;
  onKeyword: (value: string) => void;
  onBlur: () => void;
  onGeo: (geo: Geo) => void;
  onSubmit: () => void;
}) {
  const t = useT();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{t("advanced.form.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-busy={busy}
          className="grid gap-4 sm:grid-cols-[2fr_1fr] lg:grid-cols-[2fr_1fr_auto] lg:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <FormField label={t("advanced.form.keyword")} error={error}>
            <Input
              name="keyword"
              value={keyword}
              placeholder={t("advanced.form.keywordPlaceholder")}
              autoComplete="off"
              aria-required="true"
              onChange={(e) => onKeyword(e.target.value)}
              onBlur={onBlur}
            />
          </FormField>
          <SelectField
            name="geo"
            label={t("advanced.form.region")}
            value={geo}
            onValueChange={(value) => onGeo(value as Geo)}
            options={GEOS.map((g) => ({ value: g, label: `${t(`advanced.region.${g}`)}${g === "GLOBAL" ? "" : ` (${g})`}` }))}
          />
          <Button type="submit" disabled={busy} className="sm:col-span-2 lg:col-span-1 lg:mt-[1.375rem]" data-testid="advanced-submit">
            <SearchIcon aria-hidden="true" />
            {busy ? t("advanced.form.busy") : t("advanced.form.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
