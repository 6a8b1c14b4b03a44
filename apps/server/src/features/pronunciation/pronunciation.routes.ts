import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addedDictionary,
  addFromFileFields,
  addFromRulesBody,
  dictionariesList,
  dictionaryMetadata,
  dictionaryParams,
  dictionaryWithRules,
  downloadParams,
  listQuery,
  removeRulesBody,
  rulesBody,
  rulesResponse,
  updateDictionaryBody,
} from '@vocalis/contracts/pronunciation-dictionaries';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import type { UploadedFile } from '../voices/voice-samples';
import type { PronunciationService } from './pronunciation.service';

const MAX_PLS_BYTES = 2 * 1024 * 1024;
const tags = ['pronunciation-dictionaries'];
const RULES_NOTE =
  'Alias rules rewrite the text before synthesis with every engine. Phoneme rules (IPA, CMU Arpabet) are spoken by ' +
  'eSpeak-NG (vocalis_espeak_v1, and non-RHVoice/Flite voices of the default model) on English voices, rendered in its ' +
  'phoneme notation; Flite, RHVoice and a remote server take no phonemes and say such words as written (decision 210).';

async function collectFile(part: MultipartFile): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data: Buffer.concat(chunks), truncated: part.file.truncated };
  (part as unknown as { value: UploadedFile }).value = file;
}
const fileOf = (v: unknown): UploadedFile | null => {
  const one = Array.isArray(v) ? v[0] : v;
  return one && typeof one === 'object' && Buffer.isBuffer((one as UploadedFile).data) ? (one as UploadedFile) : null;
};

/** pronunciationDictionaries.* (decision 133). */
export const pronunciationRoutes =
  (service: PronunciationService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_PLS_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
    guardMultipartFields(app);

    app.post(
      '/v1/pronunciation-dictionaries/add-from-file',
      { schema: { tags, summary: 'Add a pronunciation dictionary from a PLS file', description: RULES_NOTE, consumes: ['multipart/form-data'], body: addFromFileFields, response: { 200: addedDictionary } } },
      (r) => service.fromFile(requirePrincipal(r), r.body, fileOf(r.body.file)),
    );
    app.post(
      '/v1/pronunciation-dictionaries/add-from-rules',
      { schema: { tags, summary: 'Add a pronunciation dictionary from rules', description: RULES_NOTE, body: addFromRulesBody, response: { 200: addedDictionary } } },
      (r) => service.fromRules(requirePrincipal(r), r.body),
    );
    app.get('/v1/pronunciation-dictionaries', { schema: { tags, summary: 'Pronunciation dictionaries of the workspace', querystring: listQuery, response: { 200: dictionariesList } } }, (r) =>
      service.list(requirePrincipal(r), r.query),
    );
    app.get(
      '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id',
      { schema: { tags, summary: 'A dictionary with the rules of its latest version', params: dictionaryParams, response: { 200: dictionaryWithRules } } },
      (r) => service.get(requirePrincipal(r), r.params.pronunciation_dictionary_id),
    );
    app.patch(
      '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id',
      { schema: { tags, summary: 'Rename or archive a dictionary', params: dictionaryParams, body: updateDictionaryBody, response: { 200: dictionaryMetadata } } },
      (r) => service.update(requirePrincipal(r), r.params.pronunciation_dictionary_id, r.body),
    );
    for (const [verb, summary] of [
      ['add-rules', 'Add rules (a rule for the same string replaces it): a new version'],
      ['set-rules', 'Replace all rules: a new version'],
    ] as const)
      app.post(
        `/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/${verb}`,
        { schema: { tags, summary, params: dictionaryParams, body: rulesBody, response: { 200: rulesResponse } } },
        (r) =>
          verb === 'add-rules'
            ? service.add(requirePrincipal(r), r.params.pronunciation_dictionary_id, r.body.rules)
            : service.set(requirePrincipal(r), r.params.pronunciation_dictionary_id, r.body.rules),
      );
    app.post(
      '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/remove-rules',
      { schema: { tags, summary: 'Remove the rules for these strings: a new version', params: dictionaryParams, body: removeRulesBody, response: { 200: rulesResponse } } },
      (r) => service.remove(requirePrincipal(r), r.params.pronunciation_dictionary_id, r.body.rule_strings),
    );
    app.get(
      '/v1/pronunciation-dictionaries/:dictionary_id/:version_id/download',
      { schema: { tags, summary: 'A version of a dictionary as a PLS file', params: downloadParams } },
      async (r, reply) => {
        const pls = await service.download(requirePrincipal(r), r.params.dictionary_id, r.params.version_id);
        return reply
          .type('application/pls+xml')
          .header('content-disposition', `attachment; filename="${r.params.dictionary_id}_${r.params.version_id}.pls"`)
          .send(pls);
      },
    );
  };
