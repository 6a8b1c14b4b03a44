import { stsCharacters } from '@vocalis/domain/audio-tools/speech-to-speech';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { plainVideo } from '@vocalis/speech/audio/plain-video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { sfxSecondsUsed } from '../sound-effects/sound-usage.repo';

type Detail = { detail: { status: string; message: string } };
const RATE = 16000;
const SECONDS = 4;
const SUSAN = 'zjugDQR69KeBdVlIC4vX';

/** SECONDS of a silent grey picture (H.264 with no sound at all). */
const silentVideo = () => plainVideo({ seconds: SECONDS, rgb: [90, 90, 90], codec: 'libx264' });

const rms = (pcm: Int16Array, from: number, to: number) => {
  let sum = 0;
  for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) sum += pcm[i]! ** 2;
  return Math.sqrt(sum / ((to - from) * RATE));
};

describe(`voiceover clips on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let project: VoiceoverProjectDto;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
  }, 60_000);
  afterAll(() => app?.close());

  const call = (method: string, path: string, body?: unknown) =>
    app.request(`/v1/voiceover/${project?.project_id ?? ''}${path}`.replace(/\/$/, ''), {
      method,
      headers: {
        'xi-api-key': owner.apiKey,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
  const json = async <T = VoiceoverProjectDto>(res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };
  const used = async () => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': owner.apiKey } });
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };

  it('makes sound-effect and speech-to-speech clips, charged as those tools, on a video without sound', async () => {
    const form = new FormData();
    form.append('file', new File([Buffer.from(await silentVideo())], 'quiet.mp4', { type: 'video/mp4' }));
    project = await json(
      await app.request('/v1/voiceover', {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey },
        body: form,
      }),
    );
    expect(project.duration).toBeCloseTo(SECONDS, 1);
    const track = project.tracks[0]!.track_id;

    const sfxBefore = await sfxSecondsUsed(app.database.db, owner.workspaceId);
    const withSfx = await json(
      await call('POST', `/tracks/${track}/clips`, {
        kind: 'sfx',
        text: 'Heavy rain on a tin roof',
        duration_seconds: 2,
        start_time: 0.5,
        volume: 0.8,
      }),
    );
    const sfx = withSfx.tracks[0]!.clips[0]!;
    expect(sfx).toMatchObject({ kind: 'sfx', voice_id: null, start_time: 0.5, volume: 0.8, charged: 2 });
    expect(sfx.audio_seconds).toBeCloseTo(2, 1);
    expect((await sfxSecondsUsed(app.database.db, owner.workspaceId)) - sfxBefore).toBeCloseTo(2, 5);

    const speech = await app.request(
      `/v1/text-to-speech/${SUSAN}?output_format=mp3_44100_128&enable_logging=false`,
      {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Good morning and welcome.' }),
      },
    );
    const mp3 = new Uint8Array(await speech.arrayBuffer());
    const speechSeconds = (await decodeAudio(mp3, RATE)).length / RATE;
    const before = await used();
    const sts = new FormData();
    sts.append('audio', new File([Buffer.from(mp3)], 'me.mp3', { type: 'audio/mpeg' }));
    sts.append('voice_id', SUSAN);
    sts.append('start_time', '2');
    const second = await json(await call('POST', '/tracks', { name: 'Voice' }));
    const voiceTrack = second.tracks[1]!.track_id;
    const withSts = await json(await call('POST', `/tracks/${voiceTrack}/clips/speech-to-speech`, sts));
    const converted = withSts.tracks[1]!.clips[0]!;
    expect(converted).toMatchObject({ kind: 'sts', text: '', voice_id: SUSAN, start_time: 2 });
    expect(converted.charged).toBe(stsCharacters(speechSeconds));
    expect((await used()) - before).toBe(stsCharacters(speechSeconds));

    // Generated again from the kept upload: charged again, the trim reset.
    await json(await call('PATCH', `/tracks/${voiceTrack}/clips/${converted.clip_id}`, { trim_end: 0.5 }));
    const again = await json(await call('POST', `/tracks/${voiceTrack}/clips/${converted.clip_id}/generate`));
    expect(again.tracks[1]!.clips[0]).toMatchObject({
      trim_start: 0,
      trim_end: converted.audio_seconds,
      stale: false,
    });
    expect((await used()) - before).toBe(2 * stsCharacters(speechSeconds));
    // An sts clip has no text; an sfx clip no voice.
    const noText = await json<Detail>(
      await call('PATCH', `/tracks/${voiceTrack}/clips/${converted.clip_id}`, { text: 'x' }),
      400,
    );
    expect(noText.detail.status).toBe('invalid_clip_change');
  }, 180_000);

  it('mixes only unmuted tracks and moves a clip to another track', async () => {
    const now = await json(await call('GET', ''));
    const rainTrack = now.tracks[0]!;
    const voiceTrack = now.tracks[1]!;
    await json(await call('PATCH', `/tracks/${voiceTrack.track_id}`, { muted: true }));
    await json(await call('POST', '/export'));
    const exported = async () => {
      const done = await waitFor(
        async () => {
          const p = await json(await call('GET', ''));
          return p.export_status !== 'exporting' && p;
        },
        120_000,
        250,
      );
      expect(done.export_status).toBe('exported');
      return decodeAudio(new Uint8Array(await (await call('GET', '/export')).arrayBuffer()), RATE);
    };
    const muted = await exported();
    expect(muted.length / RATE).toBeCloseTo(SECONDS, 1);
    expect(rms(muted, 0.1, 0.4)).toBeLessThan(50);
    expect(rms(muted, 0.6, 2.4)).toBeGreaterThan(200);
    // The voice track is muted: after the rain (0.5-2.5 s) nothing sounds.
    expect(rms(muted, 2.7, 3.9)).toBeLessThan(50);

    // The rain clip moves to the muted track: silence everywhere.
    const rainClip = rainTrack.clips[0]!.clip_id;
    const moved = await json(
      await call('PATCH', `/tracks/${rainTrack.track_id}/clips/${rainClip}`, {
        track_id: voiceTrack.track_id,
      }),
    );
    expect(moved.tracks[0]!.clips).toEqual([]);
    expect(moved.tracks[1]!.clips.map((c) => c.clip_id)).toContain(rainClip);
    expect(moved.export_current).toBe(false);
    await json(await call('POST', '/export'));
    const silent = await exported();
    expect(rms(silent, 0, SECONDS - 0.1)).toBeLessThan(50);
  }, 180_000);
});
