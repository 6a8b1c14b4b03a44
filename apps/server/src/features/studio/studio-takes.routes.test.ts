import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioBlocks } from '../../db/schema/studio';
import { workspaces } from '../../db/schema/workspaces';
import type { LiveEvent } from '../../live/event-bus';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const KAL = 'cZu6SI8gppUv1kFPCYh3';
const RATE = 16_000;

type Take = {
  take_id: string;
  is_current: boolean;
  matches_content: boolean;
  characters: number;
  audio_duration_secs: number;
  alignment: {
    characters: string[];
    character_start_times_seconds: number[];
    character_end_times_seconds: number[];
  };
};
type RawChapter = {
  state: string;
  last_conversion_date_unix: number | null;
  last_conversion_error: string | null;
  content: {
    blocks: { block_id: string; sub_type: string; nodes: { text: string; voice_id: string | null }[] }[];
  };
};

/** The longest run of near-silent samples (|x| below 1 % of full scale), in seconds. */
function longestSilence(pcm: Int16Array): number {
  let best = 0;
  let run = 0;
  for (const x of pcm) {
    run = Math.abs(x) < 328 ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best / RATE;
}

describe(`studio block takes on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  const events: LiveEvent[] = [];

  const call = async (u: TestUser, path: string, method = 'GET') =>
    app.request(path, { method, headers: { 'xi-api-key': u.apiKey } });
  const json = async <T>(u: TestUser, path: string, method = 'GET') => {
    const res = await call(u, path, method);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const used = async () =>
    (await json<{ subscription: { character_count: number } }>(owner, '/v1/user')).subscription
      .character_count;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, other] = [await createTestUser(app), await createTestUser(app)];
    for (const u of [owner, other])
      await app.database.db
        .update(workspaces)
        .set({ subscriptionTier: 'creator' })
        .where(eq(workspaces.id, u.workspaceId));
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    app.bus.subscribe((e) => events.push(e));
  }, 60_000);
  afterAll(() => app?.close());

  it('generates one block as takes, keeps the earlier take, plays and chooses it, and conversion uses the chosen take', async () => {
    const content = [
      {
        name: 'One',
        blocks: [
          { sub_type: 'p', nodes: [{ type: 'tts_node', text: 'The cat sat on the mat.', voice_id: KAL }] },
          { sub_type: 'p', nodes: [{ type: 'tts_node', text: 'It was a sunny day.', voice_id: KAL }] },
        ],
      },
    ];
    const { project } = await client.studio.projects.create({
      name: 'Takes',
      fromContentJson: JSON.stringify(content),
    });
    const pid = project.projectId;
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    const [b1, b2] = (
      await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`)
    ).content.blocks.map((b) => b.block_id);
    const block = `/v1/studio/projects/${pid}/chapters/${cid}/blocks/${b1}`;

    const before = await used();
    const first = (await json<{ take: Take }>(owner, `${block}/generate`, 'POST')).take;
    expect(first).toMatchObject({ is_current: true, matches_content: true, characters: 23 });
    expect((await used()) - before).toBe(23);
    // read-along timings: the spoken text, in order, within the audio
    const al = first.alignment;
    expect(al.characters.join('')).toContain('The cat sat on the mat');
    expect(al.character_start_times_seconds.every((t, i, a) => i === 0 || t >= a[i - 1]!)).toBe(true);
    expect(al.character_end_times_seconds.at(-1)!).toBeLessThanOrEqual(first.audio_duration_secs + 0.05);
    expect(
      events.some(
        (e) => e.collection === 'block' && e.id === b1 && e.audience?.workspaceIds?.[0] === owner.workspaceId,
      ),
    ).toBe(true);

    const second = (await json<{ take: Take }>(owner, `${block}/generate`, 'POST')).take;
    expect((await used()) - before).toBe(46);
    let { takes } = await json<{ takes: Take[] }>(owner, `${block}/takes`);
    expect(takes.map((t) => [t.take_id, t.is_current])).toEqual([
      [first.take_id, false],
      [second.take_id, true],
    ]);
    // both takes play
    for (const t of takes) {
      const res = await call(owner, `${block}/takes/${t.take_id}/audio`);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      const pcm = await decodeAudio(new Uint8Array(await res.arrayBuffer()), RATE);
      expect(Math.abs(pcm.length / RATE - t.audio_duration_secs)).toBeLessThan(0.05);
    }

    // choose the first take: it becomes the block's audio, and conversion keeps it (charging only block 2)
    expect(
      (await json<{ take: Take }>(owner, `${block}/takes/${first.take_id}/select`, 'POST')).take.is_current,
    ).toBe(true);
    const firstWav = new Uint8Array(
      await (await call(owner, `${block}/takes/${first.take_id}/audio`)).arrayBuffer(),
    );
    expect(new Uint8Array(await (await call(owner, `${block}/audio`)).arrayBuffer())).toEqual(firstWav);
    const mid = await used();
    const since = Math.floor(Date.now() / 1000);
    await client.studio.projects.chapters.convert(pid, cid);
    const done = await waitFor(
      async () => {
        const c = await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`);
        return c.state === 'default' && (c.last_conversion_date_unix ?? 0) >= since ? c : undefined;
      },
      120_000,
      200,
    );
    expect(done.last_conversion_error).toBeNull();
    expect((await used()) - mid).toBe(19);
    const [row] = await app.database.db.select().from(studioBlocks).where(eq(studioBlocks.id, b1!));
    expect(row!.currentTakeId).toBe(first.take_id);
    expect(new Uint8Array(await (await call(owner, `${block}/audio`)).arrayBuffer())).toEqual(firstWav);
    expect((await json<{ takes: Take[] }>(owner, `${block}/takes`)).takes).toHaveLength(2);
    // the converted block 2 has a take too
    expect(
      (await json<{ takes: Take[] }>(owner, `/v1/studio/projects/${pid}/chapters/${cid}/blocks/${b2}/takes`))
        .takes,
    ).toHaveLength(1);

    // after an edit the old takes no longer match and cannot be chosen
    await client.studio.projects.chapters.update(pid, cid, {
      content: {
        blocks: [
          {
            blockId: b1,
            subType: 'p',
            nodes: [{ type: 'tts_node', text: 'The dog sat on the mat.', voiceId: KAL }],
          },
          {
            blockId: b2,
            subType: 'p',
            nodes: [{ type: 'tts_node', text: 'It was a sunny day.', voiceId: KAL }],
          },
        ],
      },
    });
    ({ takes } = await json<{ takes: Take[] }>(owner, `${block}/takes`));
    expect(takes.map((t) => t.matches_content)).toEqual([false, false]);
    const outdated = await call(owner, `${block}/takes/${second.take_id}/select`, 'POST');
    expect(outdated.status).toBe(400);
    expect(await outdated.json()).toMatchObject({ detail: { status: 'take_outdated' } });
    expect((await call(owner, `${block}/takes/nope/audio`)).status).toBe(404);
  }, 300_000);

  it('speaks a pause in the block text as silence of its length', async () => {
    const content = [
      {
        name: 'Pauses',
        blocks: [
          {
            sub_type: 'p',
            nodes: [{ type: 'tts_node', text: 'Wait for it. <break time="2.0s" /> Now go.', voice_id: KAL }],
          },
          { sub_type: 'p', nodes: [{ type: 'tts_node', text: 'Wait for it. Now go.', voice_id: KAL }] },
        ],
      },
    ];
    const { project } = await client.studio.projects.create({
      name: 'Pauses',
      fromContentJson: JSON.stringify(content),
    });
    const pid = project.projectId;
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    const ids = (
      await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`)
    ).content.blocks.map((b) => b.block_id);
    const silences: number[] = [];
    for (const id of ids) {
      const path = `/v1/studio/projects/${pid}/chapters/${cid}/blocks/${id}`;
      const { take } = await json<{ take: Take }>(owner, `${path}/generate`, 'POST');
      const pcm = await decodeAudio(
        new Uint8Array(await (await call(owner, `${path}/takes/${take.take_id}/audio`)).arrayBuffer()),
        RATE,
      );
      silences.push(longestSilence(pcm));
    }
    const [withBreak, without] = silences as [number, number];
    console.info(
      `longest silence with a 2.0 s break ${withBreak.toFixed(3)} s, without ${without.toFixed(3)} s`,
    );
    expect(without).toBeLessThan(0.9);
    expect(withBreak).toBeGreaterThan(1.95);
    expect(withBreak).toBeLessThan(2.0 + without + 0.1);
  }, 120_000);

  it('splits a block and merges two blocks through a content update, live to other editors', async () => {
    const { project } = await client.studio.projects.create({
      name: 'Split',
      fromContentJson: JSON.stringify([
        {
          name: 'A',
          blocks: [{ nodes: [{ type: 'tts_node', text: 'First part. Second part.', voice_id: KAL }] }],
        },
      ]),
    });
    const pid = project.projectId;
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    const [b] = (await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`)).content.blocks;
    const seen = events.length;
    const split = await client.studio.projects.chapters.update(pid, cid, {
      content: {
        blocks: [
          {
            blockId: b!.block_id,
            subType: 'p',
            nodes: [{ type: 'tts_node', text: 'First part.', voiceId: KAL }],
          },
          { subType: 'p', nodes: [{ type: 'tts_node', text: 'Second part.', voiceId: KAL }] },
        ],
      },
    });
    expect(
      events.slice(seen).some((e) => e.collection === 'chapter' && e.id === cid && e.op === 'update'),
    ).toBe(true);
    const parts = (await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`)).content
      .blocks;
    expect(parts.map((x) => x.nodes[0]!.text)).toEqual(['First part.', 'Second part.']);
    expect(parts[0]!.block_id).toBe(b!.block_id);
    expect(split.chapter.chapterId).toBe(cid);
    await client.studio.projects.chapters.update(pid, cid, {
      content: {
        blocks: [
          {
            blockId: parts[0]!.block_id,
            subType: 'p',
            nodes: [{ type: 'tts_node', text: 'First part. Second part.', voiceId: KAL }],
          },
        ],
      },
    });
    const merged = (await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`)).content
      .blocks;
    expect(merged.map((x) => [x.block_id, x.nodes[0]!.text])).toEqual([
      [b!.block_id, 'First part. Second part.'],
    ]);
  }, 60_000);

  it('gives each speaker of quoted dialogue a distinct voice and keeps narration on the default voice', async () => {
    const paragraphs = [
      '"Are you coming?" asked Tom.',
      '"In a minute," said Anna, "I am nearly ready."',
      '"We will be late."',
      'They left together.',
    ];
    const { project } = await client.studio.projects.create({
      name: 'Dialogue',
      defaultTitleVoiceId: KAL,
      defaultParagraphVoiceId: KAL,
      fromContentJson: JSON.stringify([
        {
          name: 'A',
          blocks: paragraphs.map((text) => ({
            sub_type: 'p',
            nodes: [{ type: 'tts_node', text, voice_id: KAL }],
          })),
        },
      ]),
    });
    const pid = project.projectId;
    const post = (u: TestUser, body: unknown) =>
      app.request(`/v1/studio/projects/${pid}/dialogue-voices`, {
        method: 'POST',
        headers: { 'xi-api-key': u.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await post(owner, {});
    expect(res.status).toBe(200);
    const out = (await res.json()) as {
      speakers: { name: string; voice_id: string; quotations: number }[];
      unattributed_quotations: number;
      blocks_changed: number;
    };
    expect(out.speakers.map((s) => [s.name, s.quotations])).toEqual([
      ['Tom', 2],
      ['Anna', 2],
    ]);
    const [tom, anna] = out.speakers.map((s) => s.voice_id);
    expect(new Set([tom, anna, KAL]).size).toBe(3);
    expect(out).toMatchObject({ unattributed_quotations: 0, blocks_changed: 3 });
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    const chapter = await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`);
    const rows = await app.database.db.select().from(studioBlocks).where(eq(studioBlocks.chapterId, cid));
    const nodes = chapter.content.blocks.map((b) => rows.find((r) => r.id === b.block_id)!.nodes);
    expect(nodes).toEqual([
      [
        { text: '"Are you coming?"', voice_id: tom },
        { text: ' asked Tom.', voice_id: KAL },
      ],
      [
        { text: '"In a minute,"', voice_id: anna },
        { text: ' said Anna, ', voice_id: KAL },
        { text: '"I am nearly ready."', voice_id: anna },
      ],
      [{ text: '"We will be late."', voice_id: tom }],
      [{ text: 'They left together.', voice_id: KAL }],
    ]);
    // the same again changes nothing; chosen voices are checked; another workspace gets 404
    expect(((await (await post(owner, {})).json()) as { blocks_changed: number }).blocks_changed).toBe(0);
    const unknown = await post(owner, { voice_ids: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ detail: { status: 'voice_not_found' } });
    const foreign = await post(other, {});
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ detail: { status: 'project_not_found' } });
  }, 60_000);

  it('answers 404 to another workspace for every block route', async () => {
    const { project } = await client.studio.projects.create({
      name: 'Mine',
      fromContentJson: JSON.stringify([
        { name: 'A', blocks: [{ nodes: [{ type: 'tts_node', text: 'Hello there.', voice_id: KAL }] }] },
      ]),
    });
    const pid = project.projectId;
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    const [b] = (await json<RawChapter>(owner, `/v1/studio/projects/${pid}/chapters/${cid}`)).content.blocks;
    const block = `/v1/studio/projects/${pid}/chapters/${cid}/blocks/${b!.block_id}`;
    const { take } = await json<{ take: Take }>(owner, `${block}/generate`, 'POST');
    const before = await used();
    for (const [path, method] of [
      [`${block}/generate`, 'POST'],
      [`${block}/takes`, 'GET'],
      [`${block}/takes/${take.take_id}/select`, 'POST'],
      [`${block}/takes/${take.take_id}/audio`, 'GET'],
    ] as const) {
      const res = await call(other, path, method);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ detail: { status: 'project_not_found' } });
    }
    expect(await used()).toBe(before);
    const missing = await call(
      owner,
      `/v1/studio/projects/${pid}/chapters/${cid}/blocks/nope/generate`,
      'POST',
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ detail: { status: 'block_not_found' } });
  }, 60_000);
});
