import { describe, expect, it } from 'vitest';
import { isStaffEmail } from './staff-accounts';

describe('isStaffEmail', () => {
  const domains = ['vocalis.ai', 'staff.example.com'];
  it.each([
    ['ada@vocalis.ai', true, domains, true],
    ['Ada@Vocalis.AI', true, domains, true],
    ['ada@staff.example.com', true, domains, true],
    ['ada@vocalis.ai', false, domains, false], // not verified
    ['ada@evil-vocalis.ai', true, domains, false],
    ['ada@vocalis.ai.evil.com', true, domains, false],
    ['ada@sub.vocalis.ai', true, domains, false],
    ['vocalis.ai', true, domains, false],
    ['ada@vocalis.ai', true, [], false], // no staff domain configured
  ] as const)('%s (verified %s) → %s', (email, verified, list, expected) => {
    expect(isStaffEmail(email, verified, list)).toBe(expected === true);
  });
});
