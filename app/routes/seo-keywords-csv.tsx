import { redirect } from "react-router";
import { seoKeywordsCsv } from "~/lib/keyword-csv.server";
import type { Route } from "./+types/seo-keywords-csv";

/**
 * POST /seo-keywords/csv: the SEO table's 'Download CSV' posted as a document (without JavaScript, or
 * before the page ran; decision 0074). A resource route, because a screen's action answers data for the
 * page, never a file: this one answers the CSV as an attachment, made as the browser makes it.
 */
export function action({ request, context }: Route.ActionArgs) {
  return seoKeywordsCsv(request, context);
}

/** A GET makes no file (the CSV is the table's post): it goes to the screen. */
export function loader() {
  return redirect("/seo-keywords");
}
