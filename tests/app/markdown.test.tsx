import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SafeMarkdown, markdownToPlainText, safeUrl } from "~/components/listings/safe-markdown";

afterEach(cleanup);

function renderDescription(markdown: string) {
  const { container } = render(<SafeMarkdown>{markdown}</SafeMarkdown>);
  return container;
}

function everyAttribute(root: Element) {
  return [root, ...root.querySelectorAll("*")].flatMap((el) => [...el.attributes].map((a) => ({ tag: el.tagName, name: a.name, value: a.value })));
}

const HOSTILE = [
  "# Handmade silver ring",
  "",
  "<script>alert('stolen')</script>",
  "",
  'A ring <img src=x onerror="alert(1)"> for everyday wear.',
  "",
  '<a href="javascript:alert(1)" onclick="alert(2)">click me</a>',
  "",
  "- [Care guide](javascript:alert(document.cookie))",
  "- [Sneaky](JaVaScRiPt:alert(1))",
  "- [Tabbed](java\tscript:alert(1))",
  "- [Data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "- [Shop policies](https://www.etsy.com/shop/example)",
  "- [Write to us](mailto:hello@example.com)",
  "",
  '<div onmouseover="alert(3)">hover</div>',
  "",
  "![tracker](https://evil.example/pixel.png)",
].join("\n");

describe("the listing description renderer", () => {
  it("renders no script element from a description with <script> tags", () => {
    const root = renderDescription(HOSTILE);
    expect(root.querySelector("script")).toBeNull();
    expect(root.innerHTML).not.toContain("<script");
  });

  it("keeps no javascript: or data: address on any link", () => {
    const root = renderDescription(HOSTILE);
    const hrefs = [...root.querySelectorAll("[href]")].map((el) => el.getAttribute("href") ?? "");
    expect(hrefs.some((href) => /^\s*(javascript|data|vbscript):/i.test(href.replace(/\s/g, "")))).toBe(false);
    expect(hrefs).toEqual(["https://www.etsy.com/shop/example", "mailto:hello@example.com"]);
  });

  it("leaves no on* event attribute and no raw HTML element such as img or div", () => {
    const root = renderDescription(HOSTILE);
    const handlers = everyAttribute(root).filter((a) => a.name.toLowerCase().startsWith("on"));
    expect(handlers).toEqual([]);
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("[data-testid=safe-markdown] div")).toBeNull();
  });

  it("still shows the seller's text, headings and list items", () => {
    const root = renderDescription(HOSTILE);
    expect(root.textContent).toContain("Handmade silver ring");
    expect(root.textContent).toContain("for everyday wear.");
    expect(root.textContent).toContain("Care guide");
    expect(root.querySelectorAll("li")).toHaveLength(6);
  });

  it("opens safe links in a new tab without handing over the opener", () => {
    const root = renderDescription("[Shop](https://example.com/shop)");
    const link = root.querySelector("a");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toContain("noopener");
  });
});

describe("safeUrl", () => {
  it("accepts http, https and mailto and refuses every other scheme and relative paths", () => {
    expect(safeUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeUrl("http://example.com")).toBe("http://example.com/");
    expect(safeUrl("mailto:a@example.com")).toBe("mailto:a@example.com");
    for (const bad of ["javascript:alert(1)", " javascript:alert(1)", "java\nscript:alert(1)", "JAVASCRIPT:alert(1)", "vbscript:x", "data:text/html,x", "/relative", "#top", "file:///etc/passwd"]) {
      expect(safeUrl(bad), bad).toBeNull();
    }
  });
});

describe("markdownToPlainText", () => {
  it("gives card previews the words without markdown marks or tags", () => {
    expect(markdownToPlainText("## Features\n\n- **Sterling** silver\n- [Gift](https://x.y) box\n\n<b>bold</b>")).toBe("Features Sterling silver Gift box bold");
  });

  it("keeps a plain description's words and punctuation as they are, hyphens and numbers inside lines included", () => {
    const plain = 'A hand-knit beanie, 2-3 week lead time.\r\n\r\nSizes: S, M, L. Care: 30 °C - hand wash.\n"Lovely" & warm; 100% merino (no acrylic).';
    expect(markdownToPlainText(plain)).toBe('A hand-knit beanie, 2-3 week lead time. Sizes: S, M, L. Care: 30 °C - hand wash. "Lovely" & warm; 100% merino (no acrylic).');
  });

  it("still takes the marks off a list, a numbered step, a rule or a quote at a line's start", () => {
    expect(markdownToPlainText("Sizes:\n- Small\n+ Large\n  * Extra")).toBe("Sizes: Small Large Extra");
    expect(markdownToPlainText("Care:\n1. Wash cold\n2) Dry flat\n\n---\n> Made in Izmir")).toBe("Care: Wash cold Dry flat Made in Izmir");
    expect(markdownToPlainText("Bold *soft* `code` _light_")).toBe("Bold soft code light");
  });
});
