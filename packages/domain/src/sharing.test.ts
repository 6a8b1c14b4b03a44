import { describe, expect, it } from 'vitest';
import {
  PUBLIC_USER_NAME_CONTROL,
  PUBLIC_USER_NAME_EMPTY,
  PUBLIC_USER_NAME_TOO_LONG,
  publicUserNameError,
  SHARE_LINK_COPIED,
  shareButtonVisible,
  shortenShareLink,
} from './sharing';

describe('shareButtonVisible (hidden for enterprise unless video generation is on)', () => {
  it.each([
    ['free', false, true],
    ['creator', false, true],
    [undefined, false, true],
    ['enterprise', false, false],
    ['enterprise', true, true],
  ] as const)('tier %s, video %s -> %s', (tier, video, visible) => {
    expect(shareButtonVisible(tier, video)).toBe(visible);
  });
});

describe('shortenShareLink (38 characters plus ellipsis)', () => {
  const link = 'https://vocalis.example/share/AbCdEfGhIjKlMnOpQrStUvWx';
  it.each([
    ['', ''],
    ['https://a.b/share/x', 'https://a.b/share/x'],
    ['x'.repeat(38), 'x'.repeat(38)],
    ['x'.repeat(39), `${'x'.repeat(38)}…`],
    [link, `${link.slice(0, 38)}…`],
  ])('%s -> %s', (input, shown) => {
    expect(shortenShareLink(input)).toBe(shown);
  });

  it('keeps exactly 38 characters before the ellipsis', () => {
    expect(Array.from(shortenShareLink(link))).toHaveLength(39);
  });

  it('has the spec toast text', () => {
    expect(SHARE_LINK_COPIED).toBe('Share link copied to clipboard');
  });
});

describe('publicUserNameError', () => {
  it.each([
    ['Ada', null],
    ['  Ada Lovelace  ', null],
    ['Zoë 🎙', null],
    ['x'.repeat(50), null],
    ['', PUBLIC_USER_NAME_EMPTY],
    ['   ', PUBLIC_USER_NAME_EMPTY],
    ['x'.repeat(51), PUBLIC_USER_NAME_TOO_LONG],
    ['Ada\nLovelace', PUBLIC_USER_NAME_CONTROL],
    ['Ada\u0007', PUBLIC_USER_NAME_CONTROL],
    // Shown to strangers on share pages: no text-direction tricks or invisible characters either.
    ['Ada\u202Eecalevol', PUBLIC_USER_NAME_CONTROL],
    ['Ada\u2066x\u2069', PUBLIC_USER_NAME_CONTROL],
    ['Ad\u200Ba', PUBLIC_USER_NAME_CONTROL],
    ['עדה', null],
  ])('%j -> %s', (name, error) => {
    expect(publicUserNameError(name)).toBe(error);
  });
});
