import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Where a suite's time goes, per file: importing it (collect), its hooks (beforeAll/afterAll: shops,
 * databases, browsers) and its tests. `--reporter=default --reporter=./tests/setup/file-times-reporter.ts`
 * prints the slowest files at the end; with TEST_TIMES_FILE set it also writes every file as JSON.
 * See docs/decisions/026-test-suite-time.md.
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((module) => {
      const d = module.diagnostic();
      let tests = 0;
      for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
      return {
        file: path.relative(process.cwd(), module.moduleId),
        state: module.state(),
        importMs: Math.round(d.collectDuration + d.prepareDuration + d.setupDuration),
        hooksMs: Math.round(Math.max(0, d.duration - tests)),
        testsMs: Math.round(tests),
        totalMs: Math.round(d.collectDuration + d.prepareDuration + d.setupDuration + d.duration),
      };
    });
    rows.sort((a, b) => b.totalMs - a.totalMs);
    const sum = (key: 'importMs' | 'hooksMs' | 'testsMs' | 'totalMs') =>
      rows.reduce((total, row) => total + row[key], 0) / 1000;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)}s`.padStart(7);
    const lines = rows
      .slice(0, 15)
      .map(
        (r) =>
          `${s(r.totalMs)} = import ${s(r.importMs)} hooks ${s(r.hooksMs)} tests ${s(r.testsMs)}  ${r.file}`,
      );
    console.log(
      `\nFile times (${rows.length} files; import ${sum('importMs').toFixed(0)} s, hooks ${sum('hooksMs').toFixed(0)} s, tests ${sum('testsMs').toFixed(0)} s)\n${lines.join('\n')}`,
    );
    if (process.env.TEST_TIMES_FILE)
      writeFileSync(process.env.TEST_TIMES_FILE, JSON.stringify(rows, null, 1));
  }
}
