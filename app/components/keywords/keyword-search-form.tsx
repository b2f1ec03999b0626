import { SearchIcon } from "lucide-react";
import { Form } from "react-router";
import { CATEGORIES, PLATFORMS } from "../../../schema/api/keywords";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useT } from "~/lib/i18n";
import { SelectField } from "./select-field";
import type { SearchForm } from "~/lib/api/keywords";
import { COUNTRIES } from "./search-form";

/** "Any category" travels as this value (the action reads it as none), as it did when the select was Radix's. */
const ANY = "any";

/**
 * The SEO form: Product Name* (required), Category (optional), Target Country (US), Platform (Etsy). It
 * posts to the route's action (a search may spend a unit of the day, decision 0050), so it works before
 * the page is hydrated; `onSubmit` checks the name first and answers false to stop the post.
 */
/** The search form, which the results' page and sort buttons post again without JavaScript (decision 0072). */
export const SEARCH_FORM_ID = "seo-search-form";

export function KeywordSearchForm({
  form,
  onChange,
  onBlurName,
  onSubmit,
  nameError,
  busy,
}: {
  form: SearchForm;
  onChange: (form: SearchForm) => void;
  onBlurName: () => void;
  onSubmit: () => boolean;
  nameError: string | null;
  busy: boolean;
}) {
  const t = useT();
  return (
    <Card className="gap-4">
      <CardHeader className="gap-1">
        <CardTitle>{t("seo.form.title")}</CardTitle>
        <CardDescription>{t("seo.form.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          id={SEARCH_FORM_ID}
          method="post"
          action="/seo-keywords"
          noValidate
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
          onSubmit={(e) => {
            if (!onSubmit()) e.preventDefault();
          }}
          aria-busy={busy}
        >
          <input type="hidden" name="intent" value="search" />
          <FormField label={t("seo.form.productName")} error={nameError} className="sm:col-span-2 lg:col-span-1">
            <Input
              name="product_name"
              value={form.productName}
              placeholder={t("seo.form.productNamePlaceholder")}
              autoComplete="off"
              aria-required="true"
              onChange={(e) => onChange({ ...form, productName: e.target.value })}
              onBlur={onBlurName}
            />
          </FormField>
          <SelectField
            name="category"
            label={t("seo.form.category")}
            value={form.category || ANY}
            onValueChange={(value) => onChange({ ...form, category: value === ANY ? "" : value })}
            options={[{ value: ANY, label: t("seo.form.categoryAny") }, ...CATEGORIES.map((c) => ({ value: c, label: t(`seo.category.${c}`) }))]}
          />
          <SelectField
            name="country"
            label={t("seo.form.country")}
            value={form.country}
            onValueChange={(country) => onChange({ ...form, country })}
            options={COUNTRIES.map((c) => ({ value: c, label: t(`seo.country.${c}`) }))}
          />
          <SelectField
            name="platform"
            label={t("seo.form.platform")}
            value={form.platform}
            onValueChange={(platform) => onChange({ ...form, platform })}
            options={PLATFORMS.map((p) => ({ value: p, label: t(`seo.platform.${p}`) }))}
          />
          <Button type="submit" disabled={busy} className="sm:col-span-2 lg:col-span-1" data-testid="seo-submit">
            <SearchIcon aria-hidden="true" />
            {busy ? t("seo.form.busy") : t("seo.form.submit")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
