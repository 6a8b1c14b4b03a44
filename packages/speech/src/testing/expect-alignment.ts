/** Test helper: the invariants every alignment must satisfy. */
import { expect } from 'vitest';
import type { Alignment } from '../alignment';

/** Asserts equal lengths, full coverage of `text`, end ≥ start, monotonic times within `[0, duration]`. */
export function expectValidAlignment(a: Alignment, text: string, duration: number): void {
  expect(a.characters.join('')).toBe(text);
  expect(a.character_start_times_seconds.length).toBe(a.characters.length);
  expect(a.character_end_times_seconds.length).toBe(a.characters.length);
  for (let i = 0; i < a.characters.length; i++) {
    const s = a.character_start_times_seconds[i]!;
    const e = a.character_end_times_seconds[i]!;
    expect(e).toBeGreaterThanOrEqual(s);
    expect(s).toBeGreaterThanOrEqual(0);
    expect(e).toBeLessThanOrEqual(duration + 0.002);
    if (i > 0) {
      expect(s).toBeGreaterThanOrEqual(a.character_start_times_seconds[i - 1]!);
      expect(e).toBeGreaterThanOrEqual(a.character_end_times_seconds[i - 1]!);
    }
  }
}
