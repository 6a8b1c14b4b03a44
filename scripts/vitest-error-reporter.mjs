// A Vitest reporter for `npm test`: writes the errors that are not any one test's (a failed beforeAll/afterAll,
// a suite that failed to load, unhandled errors and rejections) to the JSON file named by
// VITEST_ERRORS_FILE, so scripts/test-all.mjs can show them in the last lines of a CI log. Vitest's JSON
// reporter marks such a file failed with an empty message.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const describe = (e) => `${e?.name ? `${e.name}: ` : ''}${e?.message ?? String(e)}`.slice(0, 600);
const where = (e) =>
  (e?.stack ?? '')
    .split('\n')
    .filter((l) => l.includes('/apps/') || l.includes('/packages/'))
    .slice(0, 3)
    .map((l) => l.trim());

export default class ErrorReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const out = [];
    for (const mod of testModules) {
      const file = path.relative(process.cwd(), mod.moduleId);
      for (const e of mod.errors()) out.push({ file, scope: 'file', error: describe(e), at: where(e) });
      for (const suite of mod.children.allSuites()) {
        for (const e of suite.errors())
          out.push({ file, scope: `suite "${suite.name}"`, error: describe(e), at: where(e) });
      }
    }
    for (const e of unhandledErrors)
      out.push({ file: e?.VITEST_TEST_PATH ?? '', scope: 'unhandled', error: describe(e), at: where(e) });
    const target = process.env.VITEST_ERRORS_FILE;
    if (target) writeFileSync(target, JSON.stringify(out, null, 2));
  }
}
