import { z } from 'zod';
import { hiddenCharacterIn, hiddenCharacterMessage } from '@vocalis/domain/visible-name';

/**
 * A name people see (API key, voice): trimmed, 1 to `max` characters, without bidi overrides, invisible or
 * control characters (@vocalis/domain/visible-name); a refused name is a 422 naming the character.
 */
export const visibleName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((value, ctx) => {
      const found = hiddenCharacterIn(value);
      if (found) ctx.addIssue({ code: 'custom', message: hiddenCharacterMessage(found) });
    });
