import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every browser test that failed once and passed on its retry (decision 0059), with the first
 * attempt's error, so a flake is read and fixed rather than hidden by the retry.
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
      for (const error of testCase.result().errors ?? []) lines.push(`      first attempt: ${(error.message ?? String(error)).split("\n").slice(0, 4).join(" | ")}`);
    }
    console.log(lines.join("\n"));
  }
}
