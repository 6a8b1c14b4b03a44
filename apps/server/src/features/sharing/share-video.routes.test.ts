import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { VIDEO_THEME_COLOURS } from '@vocalis/domain/share-video';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { VIDEO_SIZE } from './share-video.render';

const SUSAN = 'zjugDQR69KeBdVlIC4vX';
type Detail = { detail: { status: string; message: string } };

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe(`share as a video on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let itemId: string;
  let audio: Uint8Array;

  const tts = async (text: string) => {
    const res = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    expect(res.status).toBe(200);
    return { id: res.headers.get('history-item-id')!, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const call = (u: TestUser, method: string, path: string) =>
    app.request(`/v1/history/${path}`, { method, headers: { 'xi-api-key': u.apiKey } });

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    ({ id: itemId, bytes: audio } = await tts('A short sentence, shared as a video with its waveform.'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renders an mp4 as long as the audio, in the theme colour, and serves it', async () => {
    const res = await call(owner, 'POST', `${itemId}/video?theme=dark`);
    expect(res.status).toBe(200);
    const { video_url } = (await res.json()) as { video_url: string };
    expect(video_url).toBe(`/v1/history/${itemId}/video?theme=dark`);

    const got = await app.request(video_url, { headers: { 'xi-api-key': owner.apiKey } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('video/mp4');
    const mp4 = new Uint8Array(await got.arrayBuffer());
    expect(new TextDecoder().decode(mp4.subarray(4, 8))).toBe('ftyp');

    // its audio lasts as long as the item's, and so does its video (15 frames a second)
    const rate = 16_000;
    const original = (await decodeAudio(audio, rate)).length / rate;
    const sound = (await decodeAudio(mp4, rate)).length / rate;
    expect(Math.abs(sound - original)).toBeLessThan(0.15);
    const frames = await runFfmpeg(
      ['-i', 'v.mp4', '-map', '0:v', '-vf', 'scale=4:4', '-pix_fmt', 'gray', '-f', 'rawvideo', 'o.raw'],
      { 'v.mp4': mp4 },
      'o.raw',
    );
    expect(Math.abs(frames.length / 16 / 15 - original)).toBeLessThan(0.2);

    // a corner of a frame is the dark theme's background
    const corner = await runFfmpeg(
      [
        '-i',
        'v.mp4',
        '-frames:v',
        '1',
        '-vf',
        'crop=8:8:0:0,scale=1:1',
        '-pix_fmt',
        'rgb24',
        '-f',
        'rawvideo',
        'c.raw',
      ],
      { 'v.mp4': mp4 },
      'c.raw',
    );
    const expected = rgbOf(VIDEO_THEME_COLOURS.dark.background);
    [...corner].forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThan(8));
    // another theme was never generated
    expect((await call(owner, 'GET', `${itemId}/video?theme=light`)).status).toBe(404);
  }, 180_000);

  it('answers a PNG preview of the video size, with the theme background', async () => {
    const res = await call(owner, 'GET', `${itemId}/video/preview?theme=light`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([VIDEO_SIZE, VIDEO_SIZE]);
    const corner = await runFfmpeg(
      ['-i', 'p.png', '-vf', 'crop=8:8:0:0,scale=1:1', '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'c.raw'],
      { 'p.png': png },
      'c.raw',
    );
    const expected = rgbOf(VIDEO_THEME_COLOURS.light.background);
    [...corner].forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThan(8));
  }, 120_000);

  it('is only for text-to-speech items, only in the own workspace, with a known theme', async () => {
    const other = await tts('Pretend this came from speech to speech.');
    await app.database.db.update(historyItems).set({ source: 'STS' }).where(eq(historyItems.id, other.id));
    for (const [method, path] of [
      ['POST', `${other.id}/video`],
      ['GET', `${other.id}/video/preview`],
    ] as const) {
      const res = await call(owner, method, path);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Detail).detail).toEqual({
        status: 'video_only_for_tts',
        message: 'Video generation is only available for text-to-speech items',
      });
    }
    const foreign = await call(stranger, 'POST', `${itemId}/video`);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Detail).detail.status).toBe('history_item_not_found');
    expect((await call(stranger, 'GET', `${itemId}/video?theme=dark`)).status).toBe(404);
    expect((await call(owner, 'POST', `${itemId}/video?theme=purple`)).status).toBe(422);
    expect((await app.request(`/v1/history/${itemId}/video/preview`)).status).toBe(401);
  });
});
