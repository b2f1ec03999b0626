import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuditReportView } from "~/components/audit/audit-report";
import { en, tr } from "~/lib/i18n/catalog/audit";
import { I18nProvider } from "~/lib/i18n";
import { handle as auditRoute } from "~/routes/audit";
import { AUDIT_MESSAGES_EN, auditListing, type AuditInput } from "../../shared/audit";

afterEach(cleanup);

const POOR: AuditInput = {
  platform: "etsy",
  title: "HANDMADE Pendant & Chain & Gift",
  description: "A necklace.",
  tags: ["necklace", "-silver leaf", "necklace"],
  photoCount: 2,
  keywords: ["silver leaf necklace"],
  digital: true,
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the audit's words", () => {
  it("has a Turkish message for every finding, with the same placeholders as the English one", () => {
    for (const [id, english] of Object.entries(AUDIT_MESSAGES_EN)) {
      const turkish = (tr as Record<string, string>)[`audit.finding.${id}`];
      expect(turkish, id).toBeTruthy();
      expect([...new Set(placeholders(turkish))], id).toEqual([...new Set(placeholders(english))]);
    }
  });

  it("has every screen string in both languages", () => {
    for (const key of Object.keys(en)) expect((tr as Record<string, string>)[key], key).toBeTruthy();
  });

  it("shows the score, the findings by part and Fix buttons in Turkish, with no placeholder left", () => {
    const report = auditListing(POOR);
    const onFix = vi.fn();
    render(
      <I18nProvider initialLanguage="tr" catalogues={auditRoute.i18n}>
        <AuditReportView report={report} onFix={onFix} />
      </I18nProvider>,
    );
    expect(screen.getByRole("img", { name: `İlan puanı 100 üzerinden ${report.score}, not ${report.grade}` })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Başlık: bulgular" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Etiketler: bulgular" })).toBeTruthy();
    const text = screen.getByTestId("audit-findings").textContent ?? "";
    expect(text).not.toMatch(/\{\w+\}/);
    expect(text).toContain("ilk anahtar kelimeniz");
    expect(text).toContain("dijital bir indirme olduğu");
    const fixes = screen.getAllByRole("button", { name: /^Düzelt: / });
    expect(fixes.length).toBe(report.findings.filter((f) => f.fix).length);
    fireEvent.click(fixes[0]);
    expect(onFix).toHaveBeenCalledWith(report.findings.find((f) => f.fix));
  });

  it("explains the score in the seller's words and shows the points each part kept, in Turkish", () => {
    const report = auditListing({ ...POOR, original: "Gümüş yaprak kolye, 45 cm zincir. Kişiye özel baş harf." });
    render(
      <I18nProvider initialLanguage="tr" catalogues={auditRoute.i18n}>
        <AuditReportView report={report} />
      </I18nProvider>,
    );
    const explanation = screen.getByTestId("audit-explanation").textContent ?? "";
    expect(explanation).toContain("Etsy bu ilanı");
    expect(explanation).toContain(`yaklaşık ${report.explanation.params.ifFixed}`);
    const parts = screen.getByTestId("audit-parts").textContent ?? "";
    expect(parts).toContain("Başlık: 30 üzerinden");
    expect(parts).toContain("Fotoğraflar: 15 üzerinden");
    expect(`${explanation}${parts}${screen.getByTestId("audit-findings").textContent}`).not.toMatch(/\{\w+\}/);
  });
});
