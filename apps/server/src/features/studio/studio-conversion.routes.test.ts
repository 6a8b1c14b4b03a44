import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceUsage } from '../../db/schema/usage';
import { workspaces } from '../../db/schema/workspaces';
import type { LiveEvent } from '../../live/event-bus';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const KAL = 'cZu6SI8gppUv1kFPCYh3';
const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());

type RawChapter = {
  state: string;
  conversion_progress: number | null;
  last_conversion_date_unix: number | null;
  last_conversion_error: string | null;
  statistics: { characters_unconverted: number; characters_converted: number };
  content: {
    blocks: { block_id: string; sub_type: string; nodes: { text: string; voice_id: string | null }[] }[];
  };
};

describe(`studio conversion on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  const events: LiveEvent[] = [];

  const used = async () =>
    (
      (await (await app.request('/v1/user', { headers: { 'xi-api-key': owner.apiKey } })).json()) as {
        subscription: { character_count: number };
      }
    ).subscription.character_count;
  const chapter = async (pid: string, cid: string) =>
    (await (
      await app.request(`/v1/studio/projects/${pid}/chapters/${cid}`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json()) as RawChapter;
  const converted = (pid: string, cid: string, since: number) =>
    waitFor(
      async () => {
        const c = await chapter(pid, cid);
        return c.state === 'default' &&
          (c.last_conversion_error !== null || (c.last_conversion_date_unix ?? 0) >= since)
          ? c
          : undefined;
      },
      120_000,
      200,
    );

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'creator' })
      .where(eq(workspaces.id, owner.workspaceId));
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    app.bus.subscribe((e) => events.push(e));
  }, 60_000);
  afterAll(() => app?.close());

  it('converts a chapter as a job, charges its characters, keeps a snapshot whose audio decodes to its duration, and converts again only the changed block', async () => {
    const content = [
      {
        name: 'One',
        blocks: [
          { sub_type: 'h1', nodes: [{ type: 'tts_node', text: 'Chapter one.', voice_id: KAL }] },
          { sub_type: 'p', nodes: [{ type: 'tts_node', text: 'The cat sat on the mat.', voice_id: KAL }] },
          { sub_type: 'p', nodes: [{ type: 'tts_node', text: 'It was a sunny day.', voice_id: KAL }] },
        ],
      },
      {
        name: 'Two',
        blocks: [{ sub_type: 'p', nodes: [{ type: 'tts_node', text: 'The end.', voice_id: KAL }] }],
      },
    ];
    const { project } = await client.studio.projects.create({
      name: 'Audio',
      title: 'Audio Book',
      isbnNumber: '978-3-16-148410-0',
      fromContentJson: JSON.stringify(content),
    });
    const pid = project.projectId;
    const [one, two] = (await client.studio.projects.chapters.list(pid)).chapters.map((c) => c.chapterId);
    const before = await used();
    const start = Math.floor(Date.now() / 1000);
    expect(await client.studio.projects.chapters.convert(pid, one!)).toEqual({ status: 'ok' });
    const done = await converted(pid, one!, start);
    expect(done.last_conversion_error).toBeNull();
    expect(done.conversion_progress).toBe(1);
    expect(done.statistics).toMatchObject({ characters_unconverted: 0, characters_converted: 12 + 23 + 19 });
    expect((await used()) - before).toBe(12 + 23 + 19);
    // progress went out over live updates, in steps, to the workspace
    const progress = events
      .filter((e) => e.collection === 'chapter' && e.id === one && e.data)
      .map((e) => (e.data as { conversion_progress: number | null }).conversion_progress);
    expect(progress.map((p) => Math.round((p ?? 0) * 3))).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(events.find((e) => e.collection === 'chapter')!.audience).toEqual({
      workspaceIds: [owner.workspaceId],
    });

    const { snapshots } = await client.studio.projects.chapters.snapshots.list(pid, one!);
    expect(snapshots).toHaveLength(1);
    const snap = await client.studio.projects.chapters.snapshots.get(
      pid,
      one!,
      snapshots[0]!.chapterSnapshotId,
    );
    const mp3 = await bytesOf(
      await client.studio.projects.chapters.snapshots.stream(pid, one!, snapshots[0]!.chapterSnapshotId),
    );
    const pcm = await decodeAudio(mp3, 16000);
    const seconds = (snapshots[0] as unknown as { audioDurationSecs: number }).audioDurationSecs ?? 0;
    const raw = (await (
      await app.request(`/v1/studio/projects/${pid}/chapters/${one}/snapshots`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json()) as { snapshots: { audio_duration_secs: number }[] };
    const duration = raw.snapshots[0]!.audio_duration_secs;
    expect(seconds === 0 || seconds === duration).toBe(true);
    expect(duration).toBeGreaterThan(2);
    expect(Math.abs(pcm.length / 16000 - duration)).toBeLessThan(0.15);
    const al = snap.characterAlignments[0]!;
    expect(al.characters.join('')).toContain('The cat sat on the mat.');
    expect(al.characterEndTimesSeconds.at(-1)!).toBeLessThanOrEqual(duration + 0.05);
    expect(al.characterEndTimesSeconds.at(-1)!).toBeGreaterThan(duration - 1);

    // each converted block plays on its own
    const blockWav = await app.request(
      `/v1/studio/projects/${pid}/chapters/${one}/blocks/${done.content.blocks[1]!.block_id}/audio`,
      { headers: { 'xi-api-key': owner.apiKey } },
    );
    expect(blockWav.headers.get('content-type')).toBe('audio/wav');
    const blockPcm = await decodeAudio(new Uint8Array(await blockWav.arrayBuffer()), 16000);
    expect(blockPcm.length / 16000).toBeGreaterThan(1);

    // edit one block: only it is spoken (and charged) again; the old snapshot stays playable
    const blocks = done.content.blocks;
    await client.studio.projects.chapters.update(pid, one!, {
      content: {
        blocks: blocks.map((b, i) => ({
          blockId: b.block_id,
          subType: b.sub_type as 'p',
          nodes: [
            {
              type: 'tts_node' as const,
              text: i === 2 ? 'It was a rainy day.' : b.nodes[0]!.text,
              voiceId: KAL,
            },
          ],
        })),
      },
    });
    expect((await chapter(pid, one!)).statistics).toMatchObject({
      characters_unconverted: 19,
      characters_converted: 12 + 23,
    });
    const stale = await app.request(
      `/v1/studio/projects/${pid}/chapters/${one}/blocks/${blocks[2]!.block_id}/audio`,
      { headers: { 'xi-api-key': owner.apiKey } },
    );
    expect(stale.status).toBe(404);
    const mid = await used();
    const again = Math.floor(Date.now() / 1000);
    await client.studio.projects.chapters.convert(pid, one!);
    await waitFor(
      async () =>
        (await client.studio.projects.chapters.snapshots.list(pid, one!)).snapshots.length === 2
          ? true
          : undefined,
      120_000,
      200,
    );
    await converted(pid, one!, again);
    expect((await used()) - mid).toBe(19);
    const old = await bytesOf(
      await client.studio.projects.chapters.snapshots.stream(pid, one!, snapshots[0]!.chapterSnapshotId),
    );
    expect(old).toEqual(mp3);

    // the whole project: a project snapshot and its archive, named by the ISBN
    await client.studio.projects.convert(pid);
    const proj = await waitFor(
      async () => {
        const p = (await (
          await app.request(`/v1/studio/projects/${pid}`, { headers: { 'xi-api-key': owner.apiKey } })
        ).json()) as { state: string; latest_snapshot_id: string | null; can_be_downloaded: boolean };
        return p.state === 'default' && p.latest_snapshot_id ? p : undefined;
      },
      120_000,
      200,
    );
    expect(proj.can_be_downloaded).toBe(true);
    expect((await used()) - mid).toBe(19 + 8);
    const { snapshots: ps } = await client.studio.projects.snapshots.list(pid);
    expect(ps.map((s) => s.projectSnapshotId)).toEqual([proj.latest_snapshot_id]);
    const whole = await decodeAudio(
      await bytesOf(await client.studio.projects.snapshots.stream(pid, ps[0]!.projectSnapshotId)),
      16000,
    );
    const projSnap = await client.studio.projects.snapshots.get(pid, ps[0]!.projectSnapshotId);
    expect(Math.abs(whole.length / 16000 - projSnap.audioDurationSecs)).toBeLessThan(0.15);
    const res = await app.request(
      `/v1/studio/projects/${pid}/snapshots/${ps[0]!.projectSnapshotId}/archive`,
      { method: 'POST', headers: { 'xi-api-key': owner.apiKey } },
    );
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('filename="9783161484100_Audio_Book.zip"');
    const zip = Buffer.from(await res.arrayBuffer());
    const names = zip.toString('latin1').split('PK' + String.fromCharCode(3, 4)).length - 1;
    expect(names).toBe(2);
    expect(zip.toString('latin1')).toContain('01_One.mp3');
    expect(zip.toString('latin1')).toContain('02_Two.mp3');
    expect(two).toBeDefined();
  }, 300_000);

  it('ends a conversion the quota cannot pay with the quota message, charging nothing', async () => {
    const { project } = await client.studio.projects.create({
      name: 'Broke',
      fromContentJson: JSON.stringify([
        {
          name: 'A',
          blocks: [{ nodes: [{ type: 'tts_node', text: 'Some words to speak here.', voice_id: KAL }] }],
        },
      ]),
    });
    const pid = project.projectId;
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    const [row] = await app.database.db
      .select()
      .from(workspaceUsage)
      .where(eq(workspaceUsage.workspaceId, owner.workspaceId));
    await app.database.db
      .update(workspaceUsage)
      .set({ characterCount: row!.characterLimit - 3 })
      .where(eq(workspaceUsage.workspaceId, owner.workspaceId));
    const before = await used();
    await client.studio.projects.chapters.convert(pid, cid);
    const done = await converted(pid, cid, Math.floor(Date.now() / 1000));
    expect(done.last_conversion_error).toMatch(/quota|characters/i);
    expect(await used()).toBe(before);
    const p = (await (
      await app.request(`/v1/studio/projects/${pid}`, { headers: { 'xi-api-key': owner.apiKey } })
    ).json()) as { state: string; project_conversion_chapter_ids_converting: string[] };
    expect(p).toMatchObject({ state: 'default', project_conversion_chapter_ids_converting: [] });
  }, 120_000);
});
