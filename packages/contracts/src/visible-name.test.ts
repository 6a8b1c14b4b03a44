import { describe, expect, it } from 'vitest';
import { onboardingSurveyCompleteBody } from './onboarding';
import { editUserBody } from './user-account';
import { visibleName } from './visible-name';

const MESSAGE = 'Names cannot contain invisible, control or text-direction characters (found U+202E).';

describe('visibleName', () => {
  it('trims, bounds the length and refuses bidi overrides with a message naming the character', () => {
    const schema = visibleName(5);
    expect(schema.parse('  Ada  ')).toBe('Ada');
    expect(schema.safeParse('').success).toBe(false);
    expect(schema.safeParse('Adaline').success).toBe(false);
    expect(schema.safeParse('A\u202Eb').error?.issues[0]?.message).toBe(MESSAGE);
  });

  it('guards the first name the user edits and the one the onboarding survey sets', () => {
    expect(editUserBody.safeParse({ first_name: 'Ada\u202Eecalevol' }).error?.issues[0]?.message).toBe(
      MESSAGE,
    );
    expect(editUserBody.parse({ first_name: ' Zoë ' }).first_name).toBe('Zoë');
    expect(editUserBody.parse({ first_name: null }).first_name).toBeNull();
    const survey = { first_name: 'Ada\u202E', role: 'r', subrole: 's', timezone: 'UTC', source: 'x' };
    const parsed = onboardingSurveyCompleteBody.safeParse(survey);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(MESSAGE);
  });
});
