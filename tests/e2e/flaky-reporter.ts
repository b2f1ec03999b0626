import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every browser test that failed once and passed on its retry (decision 0059), with the first
 * attempt's error and the browser's trace of it, so a flake is read and fixed rather than hidden by the retry.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: TestCase[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky) this.flaky.push(testCase);
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    const lines = [`\n${this.flaky.length} browser test(s) failed once and passed on the retry (flaky; decision 0059):`];
    for (const testCase of this.flaky) {
      lines.push(`  - ${testCase.module.moduleId.replace(process.cwd() + "/", "")} > ${testCase.fullName}`);
      for (const error of testCase.result().errors ?? []) {
        // The message's first lines, then each browser context's trace that tests/e2e/browser.ts added to it, whole.
        const [message, ...traces] = (error.message ?? String(error)).split("\nBrowser trace");
        lines.push(`      first attempt: ${message.split("\n").slice(0, 4).join(" | ")}`);
        for (const trace of traces) lines.push(`      Browser trace${trace.replace(/\n/g, "\n        ")}`);
      }
    }
    console.log(lines.join("\n"));
  }
}
