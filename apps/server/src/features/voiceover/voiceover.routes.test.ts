import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { plainVideo } from '@vocalis/speech/audio/plain-video';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import { voiceoverProjects } from '../../db/schema/voiceover';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

type Detail = { detail: { status: string; message: string } };
const RATE = 16000;
const SECONDS = 4;
const SUSAN = 'zjugDQR69KeBdVlIC4vX';
const LINE = 'Welcome to the harbour.';

/** A quiet 200 Hz hum for SECONDS under a grey picture (mpeg4, which the project turns into H.264). */
function humVideo(): Promise<Uint8Array> {
  const pcm = Int16Array.from({ length: SECONDS * RATE }, (_, i) =>
    Math.round(300 * Math.sin((2 * Math.PI * 200 * i) / RATE)),
  );
  return plainVideo({ pcm, rate: RATE });
}

const rms = (pcm: Int16Array, from: number, to: number) => {
  let sum = 0;
  const a = Math.round(from * RATE);
  const b = Math.round(to * RATE);
  for (let i = a; i < b; i++) sum += pcm[i]! ** 2;
  return Math.sqrt(sum / (b - a));
};

describe(`voiceover studio on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let video: Uint8Array;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    video = await humVideo();
  }, 60_000);
  afterAll(() => app?.close());

  const call = async (u: TestUser, method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: {
        'xi-api-key': u.apiKey,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return res;
  };
  const json = async <T>(res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };
  const used = async (u: TestUser) => {
    const res = await call(u, 'GET', '/v1/user');
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };
  const create = async (u: TestUser) => {
    const form = new FormData();
    form.append('file', new File([Buffer.from(video)], 'harbour.mp4', { type: 'video/mp4' }));
    form.append('name', 'Harbour');
    return json<VoiceoverProjectDto>(await call(u, 'POST', '/v1/voiceover', form));
  };

  it('mixes a text-to-speech clip at its start time over the video and exports an mp4 of its length', async () => {
    const project = await create(owner);
    expect(project).toMatchObject({
      name: 'Harbour',
      video_content_type: 'video/mp4',
      export_status: 'none',
    });
    expect(project.duration).toBeCloseTo(SECONDS, 1);
    const track = project.tracks[0]!;
    const before = await used(owner);
    const base = `/v1/voiceover/${project.project_id}/tracks/${track.track_id}/clips`;
    const added = await json<VoiceoverProjectDto>(
      await call(owner, 'POST', base, { kind: 'tts', text: LINE, voice_id: SUSAN, start_time: 0.5 }),
    );
    const clip = added.tracks[0]!.clips[0]!;
    expect(clip).toMatchObject({
      kind: 'tts',
      text: LINE,
      voice_id: SUSAN,
      start_time: 0.5,
      trim_start: 0,
      stale: false,
    });
    expect(clip.trim_end).toBe(clip.audio_seconds);
    expect(clip.charged).toBe(LINE.length);
    expect((await used(owner)) - before).toBe(LINE.length);
    const audio = await call(owner, 'GET', `${base}/${clip.clip_id}/audio`);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');

    // Moved to 2 s and trimmed to its first second; a start past the video's end is refused.
    const late = await json<Detail>(
      await call(owner, 'PATCH', `${base}/${clip.clip_id}`, { start_time: 9 }),
      400,
    );
    expect(late.detail.status).toBe('invalid_clip_timing');
    expect(late.detail.message).toMatch(/^start_time must be before the end of the video \(4(\.\d+)? s\)\.$/);
    const moved = await json<VoiceoverProjectDto>(
      await call(owner, 'PATCH', `${base}/${clip.clip_id}`, {
        start_time: 2,
        trim_start: 0.1,
        trim_end: 1.1,
      }),
    );
    expect(moved.tracks[0]!.clips[0]).toMatchObject({ start_time: 2, trim_start: 0.1, trim_end: 1.1 });
    expect(moved.version).toBeGreaterThan(added.version);

    expect(await json(await call(owner, 'POST', `/v1/voiceover/${project.project_id}/export`))).toEqual({
      status: 'exporting',
    });
    const done = await waitFor(
      async () => {
        const p = await json<VoiceoverProjectDto>(
          await call(owner, 'GET', `/v1/voiceover/${project.project_id}`),
        );
        return p.export_status !== 'exporting' && p;
      },
      120_000,
      250,
    );
    expect(done).toMatchObject({ export_status: 'exported', export_progress: 100, export_current: true });
    const out = await call(owner, 'GET', `/v1/voiceover/${project.project_id}/export`);
    expect(out.headers.get('content-type')).toBe('video/mp4');
    const mp4 = new Uint8Array(await out.arrayBuffer());
    const mixed = await decodeAudio(mp4, RATE);
    expect(mixed.length / RATE).toBeCloseTo(SECONDS, 1);
    // The hum alone before the clip; the speech from 2 s for a second; the hum alone again after it.
    const hum = rms(mixed, 0.2, 1.8);
    expect(hum).toBeGreaterThan(100);
    expect(hum).toBeLessThan(400);
    expect(rms(mixed, 2, 3)).toBeGreaterThan(hum * 3);
    expect(rms(mixed, 3.2, 3.9)).toBeLessThan(400);
  }, 180_000);

  it('keeps projects to their workspace: another workspace gets 404 for every call', async () => {
    const project = await create(owner);
    const track = project.tracks[0]!.track_id;
    const p = `/v1/voiceover/${project.project_id}`;
    for (const [method, path, body] of [
      ['GET', p],
      ['GET', `${p}/video`],
      ['PATCH', p, { name: 'Mine' }],
      ['POST', `${p}/tracks`, {}],
      ['POST', `${p}/tracks/${track}/clips`, { kind: 'tts', text: 'Hi', voice_id: SUSAN }],
      ['POST', `${p}/export`],
      ['GET', `${p}/export`],
      ['DELETE', p],
    ] as const) {
      const res = await call(other, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as Detail).detail.status).toBe('voiceover_project_not_found');
    }
    const list = await json<{ projects: VoiceoverProjectDto[] }>(await call(other, 'GET', '/v1/voiceover'));
    expect(list.projects).toEqual([]);
    expect(await json(await call(owner, 'DELETE', p))).toEqual({ status: 'ok' });
    expect((await call(owner, 'GET', p)).status).toBe(404);
    const rows = await app.database.db
      .select()
      .from(voiceoverProjects)
      .where(eq(voiceoverProjects.id, project.project_id));
    expect(rows).toEqual([]);
  }, 60_000);

  it('charges clips as text to speech: over the quota the clip is refused and nothing is kept', async () => {
    const project = await create(owner);
    const track = project.tracks[0]!.track_id;
    await app.database.db.execute(
      sql`UPDATE workspace_usage SET character_count = character_limit - 5 WHERE workspace_id = ${owner.workspaceId}`,
    );
    const refused = await json<Detail>(
      await call(owner, 'POST', `/v1/voiceover/${project.project_id}/tracks/${track}/clips`, {
        kind: 'tts',
        text: 'This line is longer than five characters.',
        voice_id: SUSAN,
      }),
      401,
    );
    expect(refused.detail.status).toBe('quota_exceeded');
    const after = await json<VoiceoverProjectDto>(
      await call(owner, 'GET', `/v1/voiceover/${project.project_id}`),
    );
    expect(after.tracks[0]!.clips).toEqual([]);
    expect(after.version).toBe(project.version);
  }, 60_000);

  it('refuses an upload without a picture and a clip on a track that does not exist', async () => {
    const form = new FormData();
    form.append(
      'file',
      new File([Buffer.from(encodeWav(new Int16Array(RATE), RATE))], 'a.wav', { type: 'audio/wav' }),
    );
    const noVideo = await json<Detail>(await call(owner, 'POST', '/v1/voiceover', form), 400);
    expect(noVideo.detail).toEqual({
      status: 'not_a_video',
      message: 'The file has no picture: the voiceover studio needs a video.',
    });
    const project = await create(owner);
    const missing = await json<Detail>(
      await call(owner, 'POST', `/v1/voiceover/${project.project_id}/tracks/nope/clips`, {
        kind: 'sfx',
        text: 'rain',
      }),
      404,
    );
    expect(missing.detail.status).toBe('voiceover_track_not_found');
  }, 60_000);

  it('documents the voiceover routes in /openapi.json', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/voiceover',
        '/v1/voiceover/{project_id}',
        '/v1/voiceover/{project_id}/video',
        '/v1/voiceover/{project_id}/tracks',
        '/v1/voiceover/{project_id}/tracks/{track_id}',
        '/v1/voiceover/{project_id}/tracks/{track_id}/clips',
        '/v1/voiceover/{project_id}/tracks/{track_id}/clips/speech-to-speech',
        '/v1/voiceover/{project_id}/tracks/{track_id}/clips/{clip_id}',
        '/v1/voiceover/{project_id}/tracks/{track_id}/clips/{clip_id}/generate',
        '/v1/voiceover/{project_id}/tracks/{track_id}/clips/{clip_id}/audio',
        '/v1/voiceover/{project_id}/export',
      ]),
    );
  });
});
