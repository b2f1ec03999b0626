import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PRODUCT = "Crochet bunny toy, handmade from organic cotton yarn, 22 cm tall, embroidered eyes so it is safe for babies. A soft Easter gift.";
const KEYWORDS = ["crochet bunny", "amigurumi rabbit", "handmade crochet bunny for newborns"];

describe("the Create screen's keyword report in the browser", () => {
  for (const [name, options] of [
    ["light", { colorScheme: "light" as const }],
    ["dark-phone", { colorScheme: "dark" as const, width: 390, height: 844 }],
  ] as const) {
    it(`says after generation which selected keywords the title and the tags use, and why one was not (${name})`, async () => {
      const context = await newContext(browser, options);
      const page = await context.newPage();
      await signInFast(page);
      await page.evaluate((list) => {
        localStorage.setItem("selectedKeywords", JSON.stringify(list.map((keyword, i) => ({ id: `k${i}`, keyword, popularity: 0, competition: 0, trend: "stable", selected: true }))));
      }, KEYWORDS);
      await page.goto("/create");
      await page.getByLabel("Product description").fill(PRODUCT);
      await page.getByTestId("generate-listing").click();
      const report = page.getByTestId("keywords-used");
      await report.waitFor({ timeout: 60_000 });
      const title = (await page.getByTestId("result-title").textContent())!.toLowerCase();
      const tags = (await page.getByTestId("result-tags").locator("li > span > span:first-child").allTextContents()).map((t) => t.toLowerCase());
      const inTitle = await report.getByTestId("keywords-in-title").locator("li").allTextContents();
      const inTags = await report.getByTestId("keywords-in-tags").locator("li").allTextContents();
      // What the report says is what the listing has.
      for (const k of inTitle) expect(title).toContain(k.toLowerCase());
      for (const k of inTags) expect(tags.some((t) => t.includes(k.toLowerCase()))).toBe(true);
      expect(inTitle.length + inTags.length).toBeGreaterThan(0);
      // The 35-character keyword cannot be a tag; unless the title has it, the report says why.
      if (!title.includes("handmade crochet bunny for newborns")) {
        const unused = report.getByTestId("keyword-unused").filter({ hasText: "handmade crochet bunny for newborns" });
        expect(await unused.getAttribute("data-reason")).toBe("tooLongForTag");
      }
      await report.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/create-keywords-used-${name}.png`, fullPage: false });
      await screenshot(page, `create-keywords-used-${name}-full`);
      await context.close();
    });
  }
});
