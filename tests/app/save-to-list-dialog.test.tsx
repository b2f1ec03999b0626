import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { KeywordListSummary } from "../../schema/api/keyword-lists";
import { SaveToListDialog } from "~/components/keywords/save-to-list-dialog";
import { I18nProvider } from "~/lib/i18n";
import { handle as seoRoute } from "~/routes/seo-keywords";

afterEach(cleanup);

const list = (id: string, name: string): KeywordListSummary => ({ id, name, count: 1, createdAt: "2026-11-25T10:00:00Z", updatedAt: "2026-11-25T10:00:00Z" });

function Dialog({ lists }: { lists: KeywordListSummary[] }) {
  return (
    <I18nProvider initialLanguage="en" catalogues={seoRoute.i18n}>
      <SaveToListDialog open onOpenChange={() => {}} keywords={[{ keyword: "linen apron" }]} lists={lists} onSaved={() => {}} />
    </I18nProvider>
  );
}

describe("Save to list dialog", () => {
  it("keeps the typed name when the page reads its lists again while the dialog is open", () => {
    const view = render(<Dialog lists={[list("a", "Aprons")]} />);
    const name = screen.getByLabelText(/list name/i) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "Linen things" } });
    // A search's quota refresh revalidates the SEO screen's loader: the same lists, a new array.
    view.rerender(<Dialog lists={[list("a", "Aprons"), list("b", "Bags")]} />);
    expect((screen.getByLabelText(/list name/i) as HTMLInputElement).value).toBe("Linen things");
  });
});
