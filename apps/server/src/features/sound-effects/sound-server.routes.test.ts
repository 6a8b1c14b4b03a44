import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { classifyAudio } from '@vocalis/speech/watermark/classify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { sfxSecondsUsed } from './sound-usage.repo';

const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());

/** A stand-in sound server on loopback: answers 2.5 s of pulsing noise at 22.05 kHz, whatever was asked. */
function standIn(seen: unknown[]) {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { text: string };
      seen.push({ url: req.url, auth: req.headers.authorization, body });
      if (body.text === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ detail: { message: 'out of GPU memory' } }));
      }
      const pcm = new Int16Array(Math.round(2.5 * 22050));
      let seed = 1;
      for (let i = 0; i < pcm.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        pcm[i] = Math.round((seed / 0x7fffffff - 0.5) * 16000 * (0.6 + 0.4 * Math.sin(i / 3000)));
      }
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(Buffer.from(encodeWav(pcm, 22050)));
    });
  });
}

describe(`sound effects through a sound server on ${process.env.TEST_DB}`, () => {
  let server: Server;
  let app: TestApp;
  let user: TestUser;
  const seen: unknown[] = [];
  beforeAll(async () => {
    server = standIn(seen);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await startTestApp({ env: { SFX_HTTP_URL: url, SFX_HTTP_API_KEY: 'sk-sound' } });
    user = await createTestUser(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((r) => server.close(r));
  });

  it('sends prompts the built-in generator could not make, fits the length exactly and watermarks the result', async () => {
    const client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    const { data, rawResponse } = await client.textToSoundEffects
      .convert(
        {
          text: 'A dog barking far away',
          durationSeconds: 2,
          loop: true,
          outputFormat: 'pcm_22050',
        },
        // The SDK's model type lists only ElevenLabs' id; the remote model is sent as an additional body field.
        { additionalBodyParameters: { model_id: 'vocalis_sfx_remote_v1' } },
      )
      .withRawResponse();
    const bytes = await bytesOf(data);
    expect(bytes.length).toBe(2 * 22050 * 2);
    expect(seen[0]).toEqual({
      url: '/v1/sound-generation?output_format=pcm_44100',
      auth: 'Bearer sk-sound',
      body: { text: 'A dog barking far away', duration_seconds: 2, prompt_influence: 0.3, loop: true },
    });
    const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
    const verdict = await classifyAudio(encodeWav(pcm, 22050), app.config.watermarkKey);
    expect(verdict.generatedHere).toBe(true);
    const id = rawResponse.headers.get('sound_generation_history_item_id')!;
    const item = await app.request(`/v1/history/${id}`, { headers: { 'xi-api-key': user.apiKey } });
    expect(await item.json()).toMatchObject({ source: 'SFX', model_id: 'vocalis_sfx_remote_v1' });
    expect(await sfxSecondsUsed(app.database.db, user.workspaceId)).toBe(2);
  });

  it('charges what the server made when no duration is asked, and refunds a failure with a 502 naming it', async () => {
    const post = (body: Record<string, unknown>) =>
      app.request('/v1/sound-generation?output_format=pcm_16000', {
        method: 'POST',
        headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ model_id: 'vocalis_sfx_remote_v1', ...body }),
      });
    const auto = await post({ text: 'a cat' });
    expect(auto.status).toBe(200);
    expect((await auto.arrayBuffer()).byteLength).toBe(2.5 * 16000 * 2);
    expect(await sfxSecondsUsed(app.database.db, user.workspaceId)).toBe(4.5);
    const failed = await post({ text: 'fail', duration_seconds: 3 });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      detail: {
        status: 'sound_server_failed',
        message: 'The sound server answered HTTP 500: out of GPU memory.',
      },
    });
    expect(await sfxSecondsUsed(app.database.db, user.workspaceId)).toBe(4.5);
  });
});
