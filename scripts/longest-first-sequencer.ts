import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each test file took in a recorded run (scripts/test-durations.json; `node scripts/test-durations.mjs`). */
const RECORDED: Record<string, number> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'test-durations.json'), 'utf8'),
);
/** A file the record does not know yet: about a typical suite. */
const UNKNOWN = 10;

/**
 * Longest files first within each project (decision 240). A clean clone (CI) has no vitest cache, so vitest ran files in path order
 * and the slowest suites (the crash test, voice design, speech to text) often started last, leaving one of
 * the two workers idle at the end. Sorting by a committed record of durations lets the short files fill in
 * behind the long ones. The record only orders; a stale one costs time, never a result.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => RECORDED[path.relative(root, f.moduleId)] ?? UNKNOWN;
    // Within each project only: a worker that runs suites without isolation serves one project (its env), so
    // interleaving the two database projects would start a fresh worker, importing the whole server, per file.
    return [...(await super.sort(files))].sort((a, b) =>
      a.project.name === b.project.name ? seconds(b) - seconds(a) : a.project.name < b.project.name ? -1 : 1,
    );
  }
}
