import { render } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PlainDescription } from "~/components/listings/plain-description";
import { hasMarkdown, toPlainDescription } from "../../schema/plain-text";

describe("toPlainDescription", () => {
  it("turns Markdown headings, bold labels and list markers into plain headings and bullets", () => {
    const markdown = "Meet the **moon necklace**.\n\n**Features**\n\n- Sterling silver\n- 18 inch chain\n\n## Why you'll love it\n\n* Easy to layer\n\n1. First\n2. Second";
    expect(toPlainDescription(markdown)).toBe("Meet the moon necklace.\n\nFeatures\n\n• Sterling silver\n• 18 inch chain\n\nWhy you'll love it\n\n• Easy to layer\n\n1. First\n2. Second");
  });

  it("keeps link text, drops link addresses, images, code marks and HTML tags", () => {
    const text = toPlainDescription("See [my shop](https://example.com) and ![photo](x.png) `code`\n\n<p>Hello <b>there</b></p><ul><li>One</li><li>Two</li></ul><script>alert(1)</script>");
    expect(text).toContain("See my shop and photo code");
    expect(text).toContain("Hello there");
    expect(text).toMatch(/• One\n• Two/);
    expect(text).not.toMatch(/<|>|alert|\]\(/);
  });

  it("leaves plain text as it is", () => {
    const plain = "A tiny crescent moon.\n\nFeatures\n• Sterling silver\n\nWhy you'll love it\n• Easy to layer";
    expect(toPlainDescription(plain)).toBe(plain);
    expect(hasMarkdown(plain)).toBe(false);
    expect(hasMarkdown("**Features**\n- Silver")).toBe(true);
  });

  it("gives the same text when run again on its own answer, for any input", () => {
    const pieces = fc.constantFrom("**", "__", "# ", "- ", "* ", "> ", "\n", "\n\n", ":", ", ", "<b>", "</p>", "[a](b)", "`", "•", " ", "moon", "Features");
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const once = toPlainDescription(parts.join(""));
        expect(toPlainDescription(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("does not take apart words with underscores or asterisks inside them", () => {
    expect(toPlainDescription("file_name_here and 5*3*2")).toBe("file_name_here and 5*3*2");
  });
});

describe("PlainDescription", () => {
  it("shows a description saved as Markdown as the plain text the copy button copies", () => {
    const saved = "**Features**\n\n- Sterling silver\n- <img src=x onerror=alert(1)>";
    const { getByTestId } = render(<PlainDescription>{saved}</PlainDescription>);
    const shown = getByTestId("plain-description");
    expect(shown.textContent).toBe(toPlainDescription(saved));
    expect(shown.textContent).toContain("• Sterling silver");
    expect(shown.querySelector("img, b, strong, ul")).toBeNull();
  });
});
