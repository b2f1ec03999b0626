import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/: one template for every record, and an index that lists each with its own title,
// date and status (docs/decisions/README.md says how a record is written).

const dir = join(import.meta.dirname, "../../docs/decisions");
const records = readdirSync(dir)
  .filter((name) => name !== "README.md")
  .sort();
const index = readFileSync(join(dir, "README.md"), "utf8");

function header(name: string) {
  const lines = readFileSync(join(dir, name), "utf8").split("\n");
  const title = /^# (\d{4}): (\S.*)$/.exec(lines[0]);
  const meta = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded by \d{4})$/.exec(lines[2]);
  const sections = lines.filter((line) => line.startsWith("## ")).map((line) => line.slice(3));
  return { number: title?.[1], title: title?.[2], date: meta?.[1], status: meta?.[2], blank: lines[1], sections, text: lines.join("\n") };
}

describe("decision records", () => {
  it("are named NNNN-kebab-case.md", () => {
    expect(records.length).toBeGreaterThan(0);
    for (const name of records) expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/);
  });

  it.each(records)("%s follows the template: number and title, date and status, Context, Decision, Consequences", (name) => {
    const record = header(name);
    expect(record.number, "first line: # NNNN: <title>").toBe(name.slice(0, 4));
    expect(record.title).toBeTruthy();
    expect(record.blank).toBe("");
    expect(record.date, "third line: Date: YYYY-MM-DD · Status: accepted | superseded by NNNN").toBeTruthy();
    expect(record.sections).toEqual(["Context", "Decision", "Consequences"]);
  });

  it.each(records)("%s describes the product itself, not the ticket that asked for it", (name) => {
    const { text } = header(name);
    expect(text).not.toMatch(/\bthe issue\b|\bissue #?\d+|\bthe task\b/i);
  });

  it.each(records)("%s is in the index with its own title, date and status", (name) => {
    const record = header(name);
    const row = index.split("\n").find((line) => line.startsWith(`| [${record.number}](${name}) |`));
    expect(row, `docs/decisions/README.md has no row linking ${name}`).toBeDefined();
    const [, title, date, status, summary] = row!.split(" | ");
    expect({ title, date, status }).toEqual({ title: record.title, date: record.date, status: record.status });
    expect(summary.replace(/ \|$/, "").trim()).not.toBe("");
  });
});
