import { describe, expect, it } from 'vitest';

import { modelName } from './model-names';

const models = [
  { model_id: 'vocalis_multilingual_v1', name: 'Vocalis Multilingual v1' },
  { model_id: 'eleven_multilingual_v2', name: 'Eleven Multilingual v2 (alias of Vocalis Multilingual v1)' },
];

describe('modelName', () => {
  it.each([
    ['vocalis_multilingual_v1', 'Vocalis Multilingual v1'],
    ['eleven_multilingual_v2', 'Eleven Multilingual v2 (alias of Vocalis Multilingual v1)'],
    ['gone_model', 'gone_model'],
  ])('%s', (id, expected) => expect(modelName(models, id)).toBe(expected));

  it('shows the id while the list is loading', () => expect(modelName(undefined, 'm')).toBe('m'));
});
