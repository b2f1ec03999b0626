import { SearchIcon } from "lucide-react";
import { Form } from "react-router";
import { GEOS, type Geo } from "../../../schema/api/keywords";
import { FormField } from "~/components/form-field";
import { SelectField } from "~/components/keywords/select-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { newRequestId } from "~/lib/api";
import { useT } from "~/lib/i18n";

/**
 * Keyword (validated on blur and change) and Geographic Region (default US). It posts to the route's
 * action (an analysis may spend a unit of the day, decision 0050), so it works before the page is
 * hydrated; `onSubmit` checks the keyword first and answers false to stop the post. The request id the
 * page adds as it sends becomes the analysis's X-Request-ID, so a repeated submission is answered once.
 */
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
  onSubmit: () => boolean;
}) {
  const t = useT();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{t("advanced.form.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action="/advanced-keywords"
          noValidate
          aria-busy={busy}
          className="grid gap-4 sm:grid-cols-[2fr_1fr] lg:grid-cols-[2fr_1fr_auto] lg:items-start"
          onSubmit={(e) => {
            if (!onSubmit()) return e.preventDefault();
            // A fresh X-Request-ID for this analysis, made as it is sent.
            const requestId = e.currentTarget.elements.namedItem("requestId");
            if (requestId instanceof HTMLInputElement) requestId.value = newRequestId();
          }}
        >
          <input type="hidden" name="requestId" defaultValue="" />
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
        </Form>
      </CardContent>
    </Card>
  );
}
