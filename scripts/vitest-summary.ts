import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints "N passed, N failed" alone on a line at the end of a run: the plain
 * closing line CI reads to know that tests ran, whatever the runner.
 */
export class SummaryLine implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    console.log(`\nvitest: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
