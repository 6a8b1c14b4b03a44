import { describe, expect, it } from 'vitest';
import { firstNameFromAccountName } from './first-name';

describe('firstNameFromAccountName', () => {
  it.each([
    ['Ann', 'ann@example.com', 'Ann'],
    ['Ann Lee', 'a.lee@example.com', 'Ann'],
    ['  Ada   Lovelace ', 'ada@example.com', 'Ada'],
    ['José María Pérez', 'jm@example.com', 'José'],
    ['ann.lee', 'ann.lee@example.com', null], // the email fallback of the sign-up form and the CLI
    ['', 'ann@example.com', null],
    ['   ', 'ann@example.com', null],
    [null, 'ann@example.com', null],
  ])('%j with %s gives %j', (name, email, expected) => {
    expect(firstNameFromAccountName(name, email)).toBe(expected);
  });
});
