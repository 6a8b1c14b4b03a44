import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openAiTranscriptionFields } from '@vocalis/contracts/speech-to-text';
import { segmentWords, toSrt, toVtt } from '@vocalis/domain/transcripts/transcript-formats';
import { requirePrincipal } from '../../plugins/auth';
import { disconnectSignal } from '../tts/tts-http';
import type { SpeechToTextService } from './speech-to-text.service';
import { timedWords } from './transcripts.presenter';

const LANGUAGE_NAMES: Record<string, string> = { en: 'english', de: 'german', fr: 'french', es: 'spanish' };

/** OpenAI's POST /v1/audio/transcriptions over the same engines and transcripts (stored with source openai). */
export const openAiTranscriptionRoutes =
  (service: SpeechToTextService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/audio/transcriptions',
      {
        schema: {
          tags: ['openai'],
          summary: 'OpenAI-compatible transcription (json, text, srt, verbose_json, vtt)',
          description:
            'multipart/form-data as `openai` `audio.transcriptions.create` sends it. `model` whisper-1, ' +
            'gpt-4o-transcribe and gpt-4o-mini-transcribe use the best engine here. `prompt` and `temperature` ' +
            'are accepted and not used by the built-in engine.',
          consumes: ['multipart/form-data'],
          body: openAiTranscriptionFields,
        },
      },
      async (r, reply) => {
        const b = r.body;
        const out = await service.convert({
          caller: requirePrincipal(r),
          requestId: r.id,
          fields: { model_id: b.model, file: b.file, language_code: b.language },
          source: 'openai',
          signal: disconnectSignal(reply),
        });
        if (out.kind !== 'completed') throw new Error('unreachable: OpenAI transcriptions are synchronous');
        const row = out.row;
        const words = timedWords(row.words ?? []);
        const format = b.response_format ?? 'json';
        if (format === 'text') return reply.type('text/plain; charset=utf-8').send(`${row.text ?? ''}\n`);
        if (format === 'srt') return reply.type('text/plain; charset=utf-8').send(toSrt(segmentWords(words)));
        if (format === 'vtt') return reply.type('text/vtt; charset=utf-8').send(toVtt(segmentWords(words)));
        if (format === 'json') return { text: row.text ?? '' };
        const granularities = [b['timestamp_granularities[]'] ?? []].flat();
        const wantWords = granularities.includes('word');
        return {
          task: 'transcribe',
          language: LANGUAGE_NAMES[row.languageCode ?? ''] ?? row.languageCode ?? 'english',
          duration: Math.round(row.audioDurationSecs * 1000) / 1000,
          text: row.text ?? '',
          ...(wantWords && { words: words.map((w) => ({ word: w.text, start: w.start, end: w.end })) }),
          segments: segmentWords(words).map((s, id) => ({
            id,
            seek: 0,
            start: s.start,
            end: s.end,
            text: s.text,
            tokens: [],
            temperature: 0,
            avg_logprob: 0,
            compression_ratio: 1,
            no_speech_prob: 0,
          })),
        };
      },
    );
  };
