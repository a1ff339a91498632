/**
 * Names every test that passed only on a retry (scripts/run-suite.sh gives integration and browser tests
 * one retry: their clocks are real, and a 2-core CI machine under load can starve a test's timer). A retry
 * must not hide a flaky test: each one is printed, file and name, in a block the suite repeats at its end,
 * so it is fixed rather than forgotten.
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const { retryCount, flaky } = testCase.diagnostic() ?? { retryCount: 0, flaky: false };
    if (flaky || (retryCount > 0 && testCase.result().state === 'passed')) {
      this.flaky.push(`${testCase.module.moduleId.replace(process.cwd() + '/', '')} > ${testCase.fullName}`);
    }
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\nFLAKY: ${this.flaky.length} test(s) passed only on a retry:`);
    for (const name of this.flaky) console.log(`FLAKY  ${name}`);
  }
}
