import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DraftView, parseDraft } from "~/components/wizard/draft-view";
import { isSampleDraft, sampleDraft } from "~/components/wizard/sample-draft";
import { TechEditReportView } from "~/components/wizard/tech-edit-report";
import { ApiError } from "~/lib/api";
import { I18nProvider } from "~/lib/i18n";
import { handle as reviewRoute } from "~/routes/review";
import { en, tr } from "~/lib/i18n/catalog/wizard";
import {
  EMPTY_WIZARD,
  WIZARD_STORAGE_KEY,
  WizardCallError,
  clearWizardState,
  describeFailure,
  initialWizardState,
  lineRange,
  loadWizardState,
  parseWizardState,
  patternCheck,
  replaceLine,
  requestIdFor,
  saveWizardState,
} from "~/lib/wizard";

afterEach(cleanup);
beforeEach(() => sessionStorage.clear());

describe("the wizard's stored state", () => {
  it("survives a reload through sessionStorage under listora.wizard and is gone after clearing", () => {
    const state = {
      ...EMPTY_WIZARD,
      originalPattern: "R1: 6 sc in MR",
      optimizedPattern: "# Bunny\nRnd 1: 6 sc in a MR (6 sts)",
      choices: { paperSize: "letter" as const },
    };
    saveWizardState(state);
    expect(JSON.parse(sessionStorage.getItem(WIZARD_STORAGE_KEY) ?? "null")).toMatchObject({ originalPattern: "R1: 6 sc in MR" });
    expect(loadWizardState()).toEqual(state);
    clearWizardState();
    expect(loadWizardState()).toEqual(EMPTY_WIZARD);
  });

  it("reads a damaged or foreign entry as an empty wizard instead of breaking the screen", () => {
    sessionStorage.setItem(WIZARD_STORAGE_KEY, "{not json");
    expect(loadWizardState()).toEqual(EMPTY_WIZARD);
    const parsed = parseWizardState({
      optimizedPattern: 42,
      pdf: { fileId: 7 },
      listing: { title: "Hat", tags: ["a", 3] },
      choices: { craft: "weaving", paperSize: "legal" },
    });
    expect(parsed.optimizedPattern).toBe("");
    expect(parsed.pdf).toBeNull();
    expect(parsed.listing).toEqual({ title: "Hat", description: "", tags: ["a"], altTexts: [] });
    expect(parsed.choices).toEqual({ craft: undefined, language: undefined, paperSize: "a4" });
  });

  it("takes the texts of the navigation state when storage has none, and keeps the stored ones otherwise", () => {
    const fromNavigation = initialWizardState({ optimizedPattern: "# Hat", originalPattern: "hat notes", formattedContent: "# Hat draft" });
    expect(fromNavigation).toMatchObject({
      optimizedPattern: "# Hat",
      optimizedFrom: "hat notes",
      originalPattern: "hat notes",
      formattedContent: "# Hat draft",
    });
    saveWizardState({ ...EMPTY_WIZARD, optimizedPattern: "# Newer hat", optimizedFrom: "newer notes" });
    expect(initialWizardState({ optimizedPattern: "# Hat", originalPattern: "hat notes" })).toMatchObject({
      optimizedPattern: "# Newer hat",
      optimizedFrom: "newer notes",
    });
  });

  it("re-sends the pending request id only for the same input, so a reload does not spend twice", () => {
    const pending = { requestId: "req-1", input: "# Draft" };
    expect(requestIdFor(pending, "# Draft")).toBe("req-1");
    expect(requestIdFor(pending, "# Other draft")).not.toBe("req-1");
    expect(requestIdFor(null, "# Draft")).not.toBe("req-1");
  });
});

describe("corrections the seller accepts", () => {
  const text = "Bunny\n\n  R3: (sc, inc) x 6 (18)\r\nR4: (2sc, inc) x 6 - 18 sts\nR5: sc around (24)";

  it("replaces exactly the numbered line, keeping its indent and line ending", () => {
    expect(replaceLine(text, 4, "R4: (2sc, inc) x 6 - 24 sts")).toBe("Bunny\n\n  R3: (sc, inc) x 6 (18)\r\nR4: (2sc, inc) x 6 - 24 sts\nR5: sc around (24)");
    expect(replaceLine(text, 3, "R3: (sc, inc) x 6 (18)")).toBe(text);
    expect(replaceLine(text, 9, "nothing")).toBe(text);
  });

  it("finds where a line starts and ends, without its indent, to select it", () => {
    const [start, end] = lineRange(text, 3);
    expect(text.slice(start, end)).toBe("R3: (sc, inc) x 6 (18)");
    const [s4, e4] = lineRange(text, 4);
    expect(text.slice(s4, e4)).toBe("R4: (2sc, inc) x 6 - 18 sts");
  });

  it("keeps a stored report only when it has the shape the screen reads", () => {
    expect(patternCheck(null)).toBeNull();
    expect(patternCheck({ techEdit: { issues: "x" }, sections: [] })).toBeNull();
    const ok = { techEdit: { issues: [], missingSections: [], rowsChecked: 0 }, sections: [] };
    expect(patternCheck(ok)).toEqual(ok);
    expect(parseWizardState({ check: ok, choices: { aiAssisted: true } })).toMatchObject({ check: ok, choices: { aiAssisted: true } });
    expect(parseWizardState({ choices: { aiAssisted: "yes" } }).choices.aiAssisted).toBeUndefined();
  });
});

describe("the tech-edit report", () => {
  const report = {
    craft: "crochet" as const,
    terms: "us" as const,
    rowsChecked: 2,
    rowsUnchecked: 1,
    issues: [{ line: 4, row: "R4", severity: "error" as const, id: "stitch-count" as const, message: "", stated: 18, computed: 24, replacement: "R4: (2sc, inc) x 6 (24)" }],
    missingSections: ["gauge"],
    abbreviations: { used: ["sc"], undefined: [], unused: [] },
    rows: [
      { line: 3, row: "R3", status: "ok" as const, stated: 18, statedText: "(18)", computed: 18 },
      { line: 4, row: "R4", status: "wrong" as const, stated: 18, statedText: "(18)", computed: 24 },
      { line: 6, row: "R6", status: "unchecked" as const, stated: 30, statedText: "(30)", reason: "unreadable" as const },
    ],
  };

  it("links each issue and each unchecked row to its line, with stated and counted side by side", () => {
    const shown: number[] = [];
    const accepted: number[] = [];
    const { getByTestId, getAllByTestId } = render(
      <I18nProvider initialLanguage="en" catalogues={reviewRoute.i18n}>
        <TechEditReportView report={report} onShowLine={(line) => shown.push(line)} onUseComputed={(issue) => accepted.push(issue.line)} />
      </I18nProvider>,
    );
    expect(getByTestId("tech-stated").textContent).toBe("18");
    expect(getByTestId("tech-computed").textContent).toBe("24");
    expect(getByTestId("tech-issue").textContent).toContain("R4 makes 24 stitches, but the pattern says 18.");
    fireEvent.click(getByTestId("tech-issue-line"));
    fireEvent.click(getAllByTestId("tech-unchecked-row")[0]);
    expect(shown).toEqual([4, 6]);
    fireEvent.click(getByTestId("use-computed"));
    expect(accepted).toEqual([4]);
    expect(getByTestId("tech-missing").textContent).toContain("Gauge");
  });
});

describe("wizard failures", () => {
  it("shows the server's message, the SPEC's fallback, or the unexpected-error text", () => {
    expect(describeFailure(new ApiError("x", 502, { success: false, message: "Failed to optimize content: the model failed." }), "wizard.error.optimize")).toEqual({
      kind: "message",
      message: "Failed to optimize content: the model failed.",
    });
    expect(describeFailure(new ApiError("x", 500, null), "wizard.error.optimize")).toEqual({ kind: "key", key: "wizard.error.optimize" });
    expect(describeFailure(new WizardCallError(""), "wizard.error.format")).toEqual({ kind: "key", key: "wizard.error.format" });
    expect(describeFailure(new TypeError("boom"), "wizard.error.optimize")).toEqual({ kind: "key", key: "wizard.error.unexpected" });
    expect(describeFailure(new ApiError("Request timed out", 0, null, { code: "timeout" }), "wizard.error.optimize")).toEqual({
      kind: "key",
      key: "wizard.error.timeout",
    });
  });

  it("reads quota-exhausted as the quota failure", () => {
    const error = new ApiError("Daily limit", 403, {
      success: false,
      code: "quota-exhausted",
      message: "Daily limit",
      quota: { feature: "create-listing", used: 10, limit: 10, plan: "free" },
    });
    expect(describeFailure(error, "wizard.error.listing")).toEqual({ kind: "quota", used: 10, limit: 10, plan: "free" });
  });

  it("words the SPEC's messages exactly, and step 3's headings follow the interface language", () => {
    expect(en["wizard.error.optimize"]).toBe("Failed to optimize content");
    expect(en["wizard.error.format"]).toBe("Failed to format content");
    expect(en["wizard.error.listing"]).toBe("Etsy listing could not be generated.");
    expect(en["wizard.error.unexpected"]).toBe("An unexpected error occurred");
    expect(en["wizard.optimize.title"]).toBe("Step 1 of 3 Optimize Pattern");
    expect(en["wizard.review.title"]).toBe("Step 2 of 3 Review Draft");
    expect(en["wizard.listing.title"]).toBe("Step 3 of 3 Etsy Listing Generation");
    // Step 3's headings follow the interface language (issue 13): the SPEC's Turkish labels in Turkish.
    expect([tr["wizard.listing.label.title"], tr["wizard.listing.label.description"], tr["wizard.listing.label.tags"], tr["wizard.listing.label.altTexts"]]).toEqual([
      "Başlık",
      "Açıklama",
      "Anahtar Kelimeler",
      "Alt Metinler",
    ]);
    expect([en["wizard.listing.label.title"], en["wizard.listing.label.description"], en["wizard.listing.label.tags"], en["wizard.listing.label.altTexts"]]).toEqual([
      "Title",
      "Description",
      "Keywords",
      "Alt Texts",
    ]);
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
  });
});

describe("the draft view", () => {
  it("keeps every instruction on its own line and bolds the round labels", () => {
    const draft = sampleDraft("en");
    const { container } = render(<DraftView text={draft} />);
    expect(container.querySelector("h2")?.textContent).toBe("Little Strawberry Keychain");
    const lines = [...container.querySelectorAll("p")].map((p) => p.textContent);
    expect(lines).toContain("Rnd 1: 6 sc in a MR (6 sts)");
    expect(lines).toContain("Rnds 5-7: sc around (15 sts)");
    expect([...container.querySelectorAll("p > span.font-semibold")].map((s) => s.textContent)).toContain("Rnd 9:");
    expect([...container.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["Finished size", "Materials", "Gauge", "Abbreviations", "Instructions", "Notes"]);
  });

  it("bolds the seller's own labels and sets the stated count apart, keeping the line whole", () => {
    const { container } = render(<DraftView text={"## Instructions\nR4: (2sc, inc) x 6 - 18 sts\nR5-R9: sc around (24)\n31. tur: *k7, k2tog; rep from * to end. (64)\nStuff firmly."} />);
    const lines = [...container.querySelectorAll("p")].map((p) => p.textContent);
    expect(lines).toEqual(["R4: (2sc, inc) x 6 - 18 sts", "R5-R9: sc around (24)", "31. tur: *k7, k2tog; rep from * to end. (64)", "Stuff firmly."]);
    expect([...container.querySelectorAll("p > span.font-semibold")].map((s) => s.textContent)).toEqual(["R4:", "R5-R9:", "31. tur:"]);
    expect([...container.querySelectorAll('[data-testid="stated-count"]')].map((s) => s.textContent)).toEqual(["- 18 sts", "(24)", "(64)"]);
  });

  it("never renders markup from the draft as HTML", () => {
    const { container } = render(<DraftView text={'# Title\n<img src=x onerror="alert(1)">\n- <script>alert(1)</script>'} />);
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it("reads headings, lists and lines in order", () => {
    expect(parseDraft("# Hat\nKnitting pattern · PDF download\n\n## Materials\n- yarn\n- needles\n\nRow 1: k2, p2")).toEqual([
      { kind: "title", text: "Hat" },
      { kind: "subtitle", text: "Knitting pattern · PDF download" },
      { kind: "section", text: "Materials" },
      { kind: "list", items: ["yarn", "needles"] },
      { kind: "line", text: "Row 1: k2, p2" },
    ]);
  });

  it("has a real sample draft in both languages, recognised as the sample", () => {
    for (const language of ["en", "tr"] as const) {
      const draft = sampleDraft(language);
      expect(isSampleDraft(draft)).toBe(true);
      expect(draft.match(/^(?:Rnds?|Tur) \d/gm)?.length).toBeGreaterThanOrEqual(8);
    }
    expect(sampleDraft("tr")).toContain("Minik Çilek");
    expect(isSampleDraft("# My own pattern")).toBe(false);
  });
});
