import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { measureLevels, meetsAcx } from '@vocalis/domain/studio/acx';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const KAL = 'cZu6SI8gppUv1kFPCYh3';
const RATE = 44_100;
type Detail = { detail: { status: string; message: string } };

const levelsOf = async (mp3: Uint8Array) => {
  const pcm = await decodeAudio(mp3, RATE);
  return {
    ...measureLevels(
      Float32Array.from(pcm, (s) => s / 32768),
      RATE,
    ),
    seconds: pcm.length / RATE,
  };
};

describe(`studio export on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let pid = '';
  let chapterIds: string[] = [];

  const get = async (path: string, user = owner) => {
    const res = await app.request(path, { headers: { 'xi-api-key': user.apiKey } });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    app = await startTestApp();
    [owner, other] = [await createTestUser(app), await createTestUser(app)];
    for (const u of [owner, other])
      await app.database.db
        .update(workspaces)
        .set({ subscriptionTier: 'creator' })
        .where(eq(workspaces.id, u.workspaceId));
    const client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    const content = [
      {
        name: 'Arrival',
        blocks: [
          { sub_type: 'h1', nodes: [{ type: 'tts_node', text: 'Arrival.', voice_id: KAL }] },
          {
            sub_type: 'p',
            nodes: [
              { type: 'tts_node', text: 'The train came into the station late at night.', voice_id: KAL },
            ],
          },
        ],
      },
      {
        name: 'Departure',
        blocks: [
          {
            sub_type: 'p',
            nodes: [{ type: 'tts_node', text: 'In the morning she left again.', voice_id: KAL }],
          },
        ],
      },
    ];
    const { project } = await client.studio.projects.create({
      name: 'Export me',
      title: 'The Night Train',
      isbnNumber: '978-3-16-148410-0',
      fromContentJson: JSON.stringify(content),
    });
    pid = project.projectId;
    chapterIds = (await client.studio.projects.chapters.list(pid)).chapters.map((c) => c.chapterId);
  }, 60_000);
  afterAll(() => app?.close());

  it('answers 409 not_converted before the chapters are converted', async () => {
    const { res, bytes } = await get(`/v1/studio/projects/${pid}/export`);
    expect(res.status).toBe(409);
    expect((JSON.parse(Buffer.from(bytes).toString()) as Detail).detail).toEqual({
      status: 'not_converted',
      message: "The chapter 'Arrival' has not been converted yet; convert it first.",
    });
  });

  it('exports a chapter, the project as one mp3 and as a zip, named by the ISBN', async () => {
    const client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    await client.studio.projects.convert(pid);
    await waitFor(
      async () =>
        (await client.studio.projects.get(pid)).chapters.every((c) => c.canBeDownloaded) ? true : undefined,
      180_000,
      300,
    );

    const chapter = await get(`/v1/studio/projects/${pid}/chapters/${chapterIds[1]}/export?acx=false`);
    expect(chapter.res.status).toBe(200);
    expect(chapter.res.headers.get('content-type')).toBe('audio/mpeg');
    expect(chapter.res.headers.get('content-disposition')).toContain(
      'filename="9783161484100_The_Night_Train_02.mp3"',
    );
    const chapterSecs = (await levelsOf(chapter.bytes)).seconds;
    expect(chapterSecs).toBeGreaterThan(1);

    const whole = await get(`/v1/studio/projects/${pid}/export?format=mp3`);
    expect(whole.res.headers.get('content-disposition')).toContain(
      'filename="9783161484100_The_Night_Train.mp3"',
    );
    const first = (
      await levelsOf((await get(`/v1/studio/projects/${pid}/chapters/${chapterIds[0]}/export`)).bytes)
    ).seconds;
    // both chapters and the one-second gap, within an mp3 frame or two of padding each
    expect((await levelsOf(whole.bytes)).seconds).toBeCloseTo(first + 1 + chapterSecs, 0);

    const zip = await get(`/v1/studio/projects/${pid}/export?format=zip`);
    expect(zip.res.headers.get('content-type')).toBe('application/zip');
    expect(zip.res.headers.get('content-disposition')).toContain(
      'filename="9783161484100_The_Night_Train.zip"',
    );
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries)).toEqual([
      '9783161484100_The_Night_Train_01.mp3',
      '9783161484100_The_Night_Train_02.mp3',
    ]);
    expect((await levelsOf(entries['9783161484100_The_Night_Train_02.mp3']!)).seconds).toBeCloseTo(
      chapterSecs,
      1,
    );
  }, 240_000);

  it('meets ACX levels when asked: RMS -23..-18 dB, peak <= -3 dB, floor <= -60 dB, measured on the decoded mp3', async () => {
    const plain = await levelsOf((await get(`/v1/studio/projects/${pid}/export?format=mp3&acx=false`)).bytes);
    expect(meetsAcx(plain)).toBe(false);
    const acx = await get(`/v1/studio/projects/${pid}/export?format=mp3&acx=true`);
    expect(acx.res.status).toBe(200);
    const l = await levelsOf(acx.bytes);
    expect(l.rmsDb).toBeGreaterThanOrEqual(-23);
    expect(l.rmsDb).toBeLessThanOrEqual(-18);
    expect(l.peakDb).toBeLessThanOrEqual(-3);
    expect(l.floorDb).toBeLessThanOrEqual(-60);
    // head and tail room tone were added, and the server reports what the test measured
    expect(l.seconds).toBeCloseTo(plain.seconds + 2.75, 0);
    expect(Number(acx.res.headers.get('x-acx-rms-db'))).toBeCloseTo(l.rmsDb, 1);
    expect(Number(acx.res.headers.get('x-acx-peak-db'))).toBeCloseTo(l.peakDb, 1);
    // 192 kbps, as ACX asks: the file is about 24 kB per second
    expect(acx.bytes.length / l.seconds).toBeGreaterThan(22_000);
    console.log(
      `ACX export: plain rms ${plain.rmsDb.toFixed(1)} peak ${plain.peakDb.toFixed(1)} floor ${plain.floorDb.toFixed(1)}; acx rms ${l.rmsDb.toFixed(1)} peak ${l.peakDb.toFixed(1)} floor ${l.floorDb.toFixed(1)}`,
    );
  }, 120_000);

  it('answers 404 to another workspace', async () => {
    expect((await get(`/v1/studio/projects/${pid}/export`, other)).res.status).toBe(404);
    expect((await get(`/v1/studio/projects/${pid}/chapters/${chapterIds[0]}/export`, other)).res.status).toBe(
      404,
    );
  });
});
