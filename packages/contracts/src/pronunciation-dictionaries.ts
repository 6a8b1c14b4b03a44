import { z } from 'zod';

const id = z.string().min(1).max(64);
const common = {
  string_to_replace: z.string().min(1).max(200),
  case_sensitive: z.boolean().nullish(),
  word_boundaries: z.boolean().nullish(),
};
export const ruleInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('alias'), alias: z.string().min(1).max(500), ...common }),
  z.object({
    type: z.literal('phoneme'),
    phoneme: z.string().min(1).max(500),
    alphabet: z.enum(['ipa', 'cmu-arpabet']),
    ...common,
  }),
]);

export const dictionaryParams = z.object({ pronunciation_dictionary_id: id });
export const downloadParams = z.object({ dictionary_id: id, version_id: id });
export const addFromFileFields = z.looseObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  workspace_access: z.enum(['admin', 'editor', 'commenter', 'viewer']).optional(),
  file: z.unknown().optional().meta({ description: 'A PLS lexicon (.pls, XML).' }),
});
export const addFromRulesBody = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullish(),
  workspace_access: z.enum(['admin', 'editor', 'commenter', 'viewer']).nullish(),
  rules: z.array(ruleInput).min(1).max(5000),
});
export const rulesBody = z.object({ rules: z.array(ruleInput).max(5000) });
export const removeRulesBody = z.object({ rule_strings: z.array(z.string().max(200)).min(1).max(5000) });
export const updateDictionaryBody = z.object({
  name: z.string().trim().min(1).max(200).nullish(),
  archived: z.boolean().nullish(),
});
export const listQuery = z.object({
  cursor: z.string().max(20).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  sort: z.enum(['creation_time_unix', 'name']).default('creation_time_unix'),
  sort_direction: z.enum(['ASCENDING', 'DESCENDING']).default('DESCENDING'),
});

export const addedDictionary = z.object({
  id: z.string(),
  name: z.string(),
  created_by: z.string(),
  creation_time_unix: z.number(),
  version_id: z.string(),
  version_rules_num: z.number(),
  description: z.string().nullable(),
  permission_on_resource: z.literal('admin'),
});
export const dictionaryMetadata = z
  .object({
    id: z.string(),
    latest_version_id: z.string(),
    latest_version_rules_num: z.number(),
    name: z.string(),
    /** The caller's role on the dictionary (decision 165). */
    permission_on_resource: z.enum(['admin', 'editor', 'commenter', 'viewer']),
    created_by: z.string(),
    creation_time_unix: z.number(),
    archived_time_unix: z.number().nullable(),
    description: z.string().nullable(),
  })
  .meta({ id: 'PronunciationDictionaryMetadata' });
export const dictionaryWithRules = dictionaryMetadata
  .extend({ rules: z.array(ruleInput) })
  .meta({ id: 'PronunciationDictionaryWithRules' });
export const dictionariesList = z.object({
  pronunciation_dictionaries: z.array(dictionaryMetadata),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export const rulesResponse = z.object({
  id: z.string(),
  version_id: z.string(),
  version_rules_num: z.number(),
});
export type RuleInput = z.infer<typeof ruleInput>;
