import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  voiceoverClipCreate,
  voiceoverClipParams,
  voiceoverClipUpdate,
  voiceoverProject,
  voiceoverStsFields,
  voiceoverTrackParams,
} from '@vocalis/contracts/voiceover';
import { MAX_STS_BYTES } from '@vocalis/domain/audio-tools/speech-to-speech';
import { sendStoredFile } from '../../lib/send-stored-file';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import { audioPart } from '../speech-to-speech/sts-input';
import { disconnectSignal } from '../tts/tts-http';
import type { VoiceoverClipsService } from './voiceover-clips.service';
import { collectFile } from './voiceover-upload';

const tags = ['voiceover'];
const response = { 200: voiceoverProject };

/** Clips of a voiceover track: made by text to speech, speech to speech or sound effects; moved, trimmed. */
export const voiceoverClipRoutes =
  (service: VoiceoverClipsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_STS_BYTES, files: 1, fields: 10, fieldSize: 8 * 1024 },
    });
    guardMultipartFields(app);

    app.post(
      '/v1/voiceover/:project_id/tracks/:track_id/clips',
      {
        schema: {
          tags,
          summary:
            'Add a clip made by text to speech (`kind: tts`, text and voice) or a sound effect (`kind: sfx`, prompt)',
          description:
            'The audio is generated at once, charged as text to speech (characters) or sound effects (seconds) are.',
          params: voiceoverTrackParams,
          body: voiceoverClipCreate,
          response,
        },
      },
      async (request, reply) =>
        service.add(
          {
            caller: requirePrincipal(request),
            projectId: request.params.project_id,
            trackId: request.params.track_id,
            requestId: request.id,
            signal: disconnectSignal(reply),
          },
          request.body,
        ),
    );

    app.post(
      '/v1/voiceover/:project_id/tracks/:track_id/clips/speech-to-speech',
      {
        schema: {
          tags,
          summary: 'Add a clip made by speech to speech: uploaded speech in another voice',
          description:
            'multipart/form-data: `audio` (any type speech to speech accepts), `voice_id`, `start_time`, `volume`. ' +
            'Charged as speech to speech is (characters per minute of input).',
          consumes: ['multipart/form-data'],
          params: voiceoverTrackParams,
          body: voiceoverStsFields,
          response,
        },
      },
      async (request, reply) =>
        service.addSpeech(
          {
            caller: requirePrincipal(request),
            projectId: request.params.project_id,
            trackId: request.params.track_id,
            requestId: request.id,
            signal: disconnectSignal(reply),
          },
          {
            audio: audioPart(request.body.audio),
            voiceId: request.body.voice_id,
            start: request.body.start_time ?? 0,
            volume: request.body.volume ?? 1,
          },
        ),
    );

    app.patch(
      '/v1/voiceover/:project_id/tracks/:track_id/clips/:clip_id',
      {
        schema: {
          tags,
          summary:
            'Move, trim or set the volume of a clip; change its text or voice; move it to another track',
          params: voiceoverClipParams,
          body: voiceoverClipUpdate,
          response,
        },
      },
      async (request) =>
        service.update(
          {
            caller: requirePrincipal(request),
            projectId: request.params.project_id,
            trackId: request.params.track_id,
          },
          request.params.clip_id,
          request.body,
        ),
    );

    app.post(
      '/v1/voiceover/:project_id/tracks/:track_id/clips/:clip_id/generate',
      {
        schema: {
          tags,
          summary:
            'Generate a clip again from its text, voice or uploaded speech (charged again; the trim resets)',
          params: voiceoverClipParams,
          response,
        },
      },
      async (request, reply) =>
        service.regenerate(
          {
            caller: requirePrincipal(request),
            projectId: request.params.project_id,
            trackId: request.params.track_id,
            requestId: request.id,
            signal: disconnectSignal(reply),
          },
          request.params.clip_id,
        ),
    );

    app.delete(
      '/v1/voiceover/:project_id/tracks/:track_id/clips/:clip_id',
      { schema: { tags, summary: 'Delete a clip', params: voiceoverClipParams, response } },
      async (request) =>
        service.remove(
          {
            caller: requirePrincipal(request),
            projectId: request.params.project_id,
            trackId: request.params.track_id,
          },
          request.params.clip_id,
        ),
    );

    app.get(
      '/v1/voiceover/:project_id/tracks/:track_id/clips/:clip_id/audio',
      { schema: { tags, summary: "A clip's generated audio (mp3)", params: voiceoverClipParams } },
      async (request, reply) =>
        sendStoredFile(
          request,
          reply,
          await service.clipAudio(
            requirePrincipal(request),
            request.params.project_id,
            request.params.clip_id,
          ),
        ),
    );
  };
