import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioBlocks, studioChapters, studioProjects } from '../../db/schema/studio';
import { voices } from '../../db/schema/voices';
import { voiceSharing } from '../../db/schema/voice-library';
import { workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };
const KAL = 'cZu6SI8gppUv1kFPCYh3';
const OTHER_VOICE = 'y7MIaeNYZ4sEevFw8pU8';

async function failure(p: Promise<unknown>): Promise<{ status: number; body: Detail }> {
  try {
    await p;
  } catch (e) {
    const err = e as ElevenLabsError;
    return { status: err.statusCode!, body: err.body as Detail };
  }
  throw new Error('expected a failure');
}

describe(`studio projects on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let free: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;

  const setTier = (u: TestUser, tier: string) =>
    app.database.db
      .update(workspaces)
      .set({ subscriptionTier: tier })
      .where(eq(workspaces.id, u.workspaceId));
  const projectRows = async (workspaceId: string) =>
    (
      await app.database.db
        .select({ n: count() })
        .from(studioProjects)
        .where(eq(studioProjects.workspaceId, workspaceId))
    )[0]!.n;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, other, free] = [await createTestUser(app), await createTestUser(app), await createTestUser(app)];
    await setTier(owner, 'creator');
    await setTier(other, 'creator');
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  it('creates a blank project with the spec defaults and one empty chapter', async () => {
    const { project } = await client.studio.projects.create({ name: 'Blank' });
    const raw = (await (
      await app.request(`/v1/studio/projects/${project.projectId}`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json()) as Record<string, unknown>;
    expect(raw).toMatchObject({
      name: 'Blank',
      title: null,
      author: null,
      isbn_number: null,
      description: '',
      genres: [],
      cover_image_url: '',
      target_audience: 'all ages',
      mature_content: false,
      acx_volume_normalization: false,
      quality_preset: 'standard',
      project_settings: { continue_playing: false },
      state: 'default',
      added_to_queue_at_unix: 0,
      queue_position: null,
      default_title_voice_id: KAL,
      default_paragraph_voice_id: KAL,
      can_be_downloaded: false,
    });
    expect(raw.chapters_order).toHaveLength(1);
    const got = await client.studio.projects.get(project.projectId);
    expect(got.chapters.map((c) => c.name)).toEqual(['Chapter 1']);
  });

  it('creates from a markdown document: chapters at headings, headings as title blocks', async () => {
    const md = '# Opening\n\nThe first paragraph.\n\nThe second paragraph.\n\n# Ending\n\nThe last words.';
    const { project } = await client.studio.projects.create({
      name: 'Book',
      fromDocument: new File([md], 'book.md', { type: 'text/markdown' }),
      title: 'A Book',
      author: 'Someone',
      isbnNumber: '978-3-16-148410-0',
      genres: ['drama', 'mystery'],
      targetAudience: 'adult',
      defaultParagraphVoiceId: OTHER_VOICE,
    });
    expect(project).toMatchObject({
      title: 'A Book',
      author: 'Someone',
      isbnNumber: '978-3-16-148410-0',
      genres: ['drama', 'mystery'],
      targetAudience: 'adult',
    });
    const { chapters } = await client.studio.projects.chapters.list(project.projectId);
    expect(chapters.map((c) => c.name)).toEqual(['Opening', 'Ending']);
    const first = await client.studio.projects.chapters.get(project.projectId, chapters[0]!.chapterId);
    const blocks = first.content.blocks as unknown as {
      nodes: { text: string; voice_id?: string; voiceId?: string; projectVoiceRefId?: string }[];
    }[];
    expect(blocks.map((b) => b.nodes[0]!.text)).toEqual([
      'Opening',
      'The first paragraph.',
      'The second paragraph.',
    ]);
    const rawChapter = (await (
      await app.request(`/v1/studio/projects/${project.projectId}/chapters/${chapters[0]!.chapterId}`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json()) as {
      content: { blocks: { sub_type: string; nodes: { project_voice_ref_id: string }[] }[] };
      statistics: { characters_unconverted: number; paragraphs_unconverted: number };
    };
    expect(rawChapter.content.blocks.map((b) => b.sub_type)).toEqual(['h1', 'p', 'p']);
    expect(rawChapter.content.blocks.map((b) => b.nodes[0]!.project_voice_ref_id)).toEqual([
      KAL,
      OTHER_VOICE,
      OTHER_VOICE,
    ]);
    expect(rawChapter.statistics).toMatchObject({
      paragraphs_unconverted: 3,
      characters_unconverted: 7 + 20 + 21,
    });
  });

  it('creates from html and plain text documents', async () => {
    const html =
      '<html><head><title>x</title><style>p{}</style></head><body><h2>Part One</h2><p>Hello <b>there</b>.</p><div>Second.</div><h2>Part Two</h2><p>Bye.</p></body></html>';
    const a = await client.studio.projects.create({
      name: 'Html',
      fromDocument: new File([html], 'page.html', { type: 'text/html' }),
    });
    expect(
      (await client.studio.projects.chapters.list(a.project.projectId)).chapters.map((c) => c.name),
    ).toEqual(['Part One', 'Part Two']);
    const b = await client.studio.projects.create({
      name: 'Text',
      fromDocument: new File(['Chapter 1\n\nOne.\n\nChapter 2\n\nTwo.'], 'book.txt', { type: 'text/plain' }),
    });
    const { chapters } = await client.studio.projects.chapters.list(b.project.projectId);
    expect(chapters.map((c) => c.name)).toEqual(['Chapter 1', 'Chapter 2']);
    await client.studio.projects.delete(a.project.projectId);
    await client.studio.projects.delete(b.project.projectId);
  });

  it('creates from content JSON with per-block voices, and reorders chapters and blocks', async () => {
    const content = [
      {
        name: 'A',
        blocks: [
          { sub_type: 'p', nodes: [{ type: 'tts_node', text: 'First.', voice_id: KAL }] },
          { sub_type: 'p', nodes: [{ type: 'tts_node', text: 'Second.', voice_id: OTHER_VOICE }] },
        ],
      },
      { name: 'B', blocks: [] },
    ];
    const { project } = await client.studio.projects.create({
      name: 'Json',
      fromContentJson: JSON.stringify(content),
    });
    const full = await client.studio.projects.get(project.projectId);
    const ids = full.chapters.map((c) => c.chapterId);
    const before = (full as unknown as { lastChaptersOrderChangeUnixMs?: number })
      .lastChaptersOrderChangeUnixMs;
    await new Promise((r) => setTimeout(r, 5));
    const res = await app.request(`/v1/studio/projects/${project.projectId}`, {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Json 2',
        default_title_voice_id: KAL,
        default_paragraph_voice_id: KAL,
        chapters_order: [...ids].reverse(),
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      project: { chapters_order: string[]; last_chapters_order_change_unix_ms: number; name: string };
    };
    expect(body.project.chapters_order).toEqual([...ids].reverse());
    expect(body.project.last_chapters_order_change_unix_ms).toBeGreaterThan(before ?? 0);
    expect(
      (await client.studio.projects.chapters.list(project.projectId)).chapters.map((c) => c.name),
    ).toEqual(['B', 'A']);
    // a chapters_order that is not a permutation is refused
    const bad = await app.request(`/v1/studio/projects/${project.projectId}`, {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'x',
        default_title_voice_id: KAL,
        default_paragraph_voice_id: KAL,
        chapters_order: [ids[0]],
      }),
    });
    expect(bad.status).toBe(400);

    // blocks: reverse the order (same ids), override a voice, add one
    const chapter = await client.studio.projects.chapters.get(project.projectId, ids[0]!);
    const blocks = chapter.content.blocks;
    const { chapter: updated } = await client.studio.projects.chapters.update(project.projectId, ids[0]!, {
      name: 'A renamed',
      content: {
        blocks: [
          { blockId: blocks[1]!.blockId, nodes: [{ type: 'tts_node', text: 'Second.', voiceId: KAL }] },
          { blockId: blocks[0]!.blockId, nodes: [{ type: 'tts_node', text: 'First.', voiceId: KAL }] },
          { subType: 'h2', nodes: [{ type: 'tts_node', text: 'New', voiceId: OTHER_VOICE }] },
        ],
      },
    });
    expect(updated.name).toBe('A renamed');
    const rawUpdated = (await (
      await app.request(`/v1/studio/projects/${project.projectId}/chapters/${ids[0]}`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json()) as { block_ids_order: string[]; content: { blocks: { sub_type: string }[] } };
    const order = rawUpdated.block_ids_order;
    expect(rawUpdated.content.blocks.map((b) => b.sub_type)).toEqual(['p', 'p', 'h2']);
    expect(order.slice(0, 2)).toEqual([blocks[1]!.blockId, blocks[0]!.blockId]);
    expect(order).toHaveLength(3);
  });

  it('adds, renames and deletes chapters', async () => {
    const { project } = await client.studio.projects.create({ name: 'Chapters' });
    const { chapter } = await client.studio.projects.chapters.create(project.projectId, { name: 'Two' });
    expect(chapter.name).toBe('Two');
    expect((await client.studio.projects.get(project.projectId)).chapters.map((c) => c.name)).toEqual([
      'Chapter 1',
      'Two',
    ]);
    await client.studio.projects.chapters.update(project.projectId, chapter.chapterId, { name: 'Second' });
    expect((await client.studio.projects.chapters.get(project.projectId, chapter.chapterId)).name).toBe(
      'Second',
    );
    expect(await client.studio.projects.chapters.delete(project.projectId, chapter.chapterId)).toEqual({
      status: 'ok',
    });
    const raw = (await (
      await app.request(`/v1/studio/projects/${project.projectId}`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json()) as { chapters_order: string[] };
    expect(raw.chapters_order).toHaveLength(1);
    expect(
      (await failure(client.studio.projects.chapters.get(project.projectId, chapter.chapterId))).status,
    ).toBe(404);
  });

  it('lists, updates and deletes projects; another workspace gets 404 everywhere', async () => {
    const { project } = await client.studio.projects.create({ name: 'Mine' });
    expect((await client.studio.projects.list()).projects.map((p) => p.projectId)).toContain(
      project.projectId,
    );
    expect((await otherClient.studio.projects.list()).projects).toEqual([]);
    const id = project.projectId;
    const chapterId = (await client.studio.projects.chapters.list(id)).chapters[0]!.chapterId;
    for (const call of [
      () => otherClient.studio.projects.get(id),
      () =>
        otherClient.studio.projects.update(id, {
          name: 'x',
          defaultTitleVoiceId: KAL,
          defaultParagraphVoiceId: KAL,
        }),
      () => otherClient.studio.projects.delete(id),
      () => otherClient.studio.projects.convert(id),
      () => otherClient.studio.projects.chapters.list(id),
      () => otherClient.studio.projects.chapters.get(id, chapterId),
      () => otherClient.studio.projects.chapters.update(id, chapterId, { name: 'x' }),
      () => otherClient.studio.projects.chapters.delete(id, chapterId),
      () => otherClient.studio.projects.chapters.convert(id, chapterId),
      () => otherClient.studio.projects.snapshots.list(id),
    ]) {
      const f = await failure(call());
      expect(f.status).toBe(404);
      expect(f.body.detail.status).toBe('project_not_found');
    }
    const { project: edited } = await client.studio.projects.update(id, {
      name: 'Renamed',
      defaultTitleVoiceId: OTHER_VOICE,
      defaultParagraphVoiceId: KAL,
      title: 'T',
      author: 'A',
    });
    expect(edited).toMatchObject({
      name: 'Renamed',
      defaultTitleVoiceId: OTHER_VOICE,
      title: 'T',
      author: 'A',
    });
    expect(await client.studio.projects.delete(id)).toEqual({ status: 'ok' });
    expect((await failure(client.studio.projects.get(id))).status).toBe(404);
    expect(
      await app.database.db.select().from(studioChapters).where(eq(studioChapters.projectId, id)),
    ).toEqual([]);
  });

  it('leaves nothing behind on bad input', async () => {
    const before = await projectRows(owner.workspaceId);
    const cases = [
      () => client.studio.projects.create({ name: 'Bad voice', defaultParagraphVoiceId: 'nope' }),
      () =>
        client.studio.projects.create({
          name: 'Bad file',
          fromDocument: new File([new Uint8Array([1, 2, 3])], 'book.exe'),
        }),
      () => client.studio.projects.create({ name: 'Bad json', fromContentJson: '[{"name": "x"' }),
      () =>
        client.studio.projects.create({
          name: 'Bad node voice',
          fromContentJson: JSON.stringify([
            { name: 'A', blocks: [{ nodes: [{ type: 'tts_node', text: 'x', voice_id: 'missing' }] }] },
          ]),
        }),
      () => client.studio.projects.create({ name: 'Bad model', defaultModelId: 'no_such_model' }),
      () => client.studio.projects.create({ name: 'Url', fromUrl: 'https://example.com/' }),
    ];
    for (const c of cases) expect((await failure(c())).status).toBe(400);
    expect(await projectRows(owner.workspaceId)).toBe(before);
    const blank = await failure(client.studio.projects.create({ name: '' }));
    expect(blank.status).toBe(422);
    expect(await projectRows(owner.workspaceId)).toBe(before);
  });

  it('refuses live moderation voices with the spec message', async () => {
    const id = `livemod${owner.workspaceId}`.slice(0, 20);
    await app.database.db
      .insert(voices)
      .values({
        id,
        workspaceId: owner.workspaceId,
        name: 'Moderated',
        category: 'cloned',
        profile: {} as never,
      });
    await app.database.db
      .insert(voiceSharing)
      .values({
        voiceId: id,
        workspaceId: owner.workspaceId,
        publicOwnerId: 'p',
        status: 'enabled',
        noticePeriodDays: 0,
        liveModeration: true,
      });
    const before = await projectRows(owner.workspaceId);
    const f = await failure(client.studio.projects.create({ name: 'Live', defaultParagraphVoiceId: id }));
    expect(f).toEqual({
      status: 400,
      body: {
        detail: {
          status: 'live_moderation_voice',
          message: 'Live moderation voices are not available in Studio',
        },
      },
    });
    expect(await projectRows(owner.workspaceId)).toBe(before);
  });

  it('keeps the projects API from free-plan keys, and enforces the plan project limit', async () => {
    const freeClient = new ElevenLabsClient({ apiKey: free.apiKey, baseUrl: app.url });
    const refused = await failure(freeClient.studio.projects.list());
    expect(refused.status).toBe(403);
    expect(refused.body.detail.status).toBe('projects_api_not_allowed');
    // The app (a session) may use Studio on the free plan: 3 projects.
    const create = (name: string) => {
      const form = new FormData();
      form.set('name', name);
      return app.request('/v1/studio/projects', {
        method: 'POST',
        headers: { cookie: free.cookie, origin: app.config.publicUrl },
        body: form,
      });
    };
    for (const n of ['1', '2', '3']) expect((await create(n)).status).toBe(200);
    const fourth = await create('4');
    expect(fourth.status).toBe(403);
    expect(((await fourth.json()) as Detail).detail).toEqual({
      status: 'project_limit_reached',
      message:
        'Your plan allows at most 3 Studio projects. Delete a project or upgrade your plan to create another.',
    });
    expect(await projectRows(free.workspaceId)).toBe(3);
    const limits = (await (
      await app.request('/v1/studio/limits', { headers: { cookie: free.cookie } })
    ).json()) as object;
    expect(limits).toEqual({ projects_used: 3, projects_limit: 3, allowed_to_use_projects_api: false });
    // The subscription says the same (billing.md's workspace billing fields).
    const subscription = async (u: TestUser) =>
      (
        (await (
          await app.request('/v1/user/subscription', { headers: { 'xi-api-key': u.apiKey } })
        ).json()) as { allowed_to_use_projects_api: boolean }
      ).allowed_to_use_projects_api;
    expect(await subscription(free)).toBe(false);
    expect(await subscription(owner)).toBe(true);
  });

  it('documents the studio routes in /openapi.json', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/studio/projects',
        '/v1/studio/projects/{project_id}/chapters/{chapter_id}',
        '/v1/studio/projects/{project_id}/snapshots/{project_snapshot_id}/archive',
      ]),
    );
    expect(await app.database.db.select({ n: count() }).from(studioBlocks)).toBeDefined();
  });
});
