import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioNativeProjects } from '../../db/schema/audio-native';
import { workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const KAL = 'cZu6SI8gppUv1kFPCYh3';
type Detail = { detail: { status: string; message: string } };

async function failure(p: Promise<unknown>): Promise<{ status: number; body: Detail }> {
  try {
    await p;
  } catch (e) {
    const err = e as ElevenLabsError;
    return { status: err.statusCode!, body: err.body as Detail };
  }
  throw new Error('expected a failure');
}

describe(`audio native on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, other] = [await createTestUser(app), await createTestUser(app)];
    for (const u of [owner, other])
      await app.database.db
        .update(workspaces)
        .set({ subscriptionTier: 'creator' })
        .where(eq(workspaces.id, u.workspaceId));
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  it('creates a project from a file, converts it, and serves the player and its audio to anyone', async () => {
    const article =
      '<h1>Tide tables</h1><p>The tide comes in twice a day.</p><p>Sailors read the tables before they leave.</p>';
    const created = await client.audioNative.create({
      name: 'Tides',
      title: 'Tide tables',
      author: 'Harbour office',
      image: 'https://example.com/tide.png',
      small: false,
      textColor: '#0f172a',
      backgroundColor: '#fef3c7',
      sessionization: 30,
      voiceId: KAL,
      file: new File([article], 'tides.html', { type: 'text/html' }),
      autoConvert: true,
    });
    expect(created.converting).toBe(true);
    const row = (
      await app.database.db
        .select()
        .from(audioNativeProjects)
        .where(eq(audioNativeProjects.projectId, created.projectId))
    )[0]!;
    expect(created.htmlSnippet).toBe(
      `<div data-vocalis-audio-native="${row.embedId}" data-height="96" data-width="100%"></div>\n<script src="${app.url}/audio-native/player.js" async></script>`,
    );
    // it is a Studio project, with the article's chapters
    const chapters = await client.studio.projects.chapters.list(created.projectId);
    expect(chapters.chapters.map((c) => c.name)).toEqual(['Tide tables']);

    const ready = await waitFor(
      async () => {
        const s = await client.audioNative.getSettings(created.projectId);
        return s.settings?.status === 'ready' ? s : undefined;
      },
      120_000,
      300,
    );
    expect(ready.enabled).toBe(true);
    expect(ready.snapshotId).toBeTruthy();
    expect(ready.settings).toMatchObject({
      title: 'Tide tables',
      author: 'Harbour office',
      image: 'https://example.com/tide.png',
      small: false,
      textColor: '#0f172a',
      backgroundColor: '#fef3c7',
      sessionization: 30,
    });
    expect(ready.settings!.audioUrl).toBe(`${app.url}/audio-native/embed/${row.embedId}/audio.mp3`);

    // public, framable from any site, in the configured colours
    const page = await fetch(`${app.url}/audio-native/embed/${row.embedId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const html = await page.text();
    expect(html).toContain('background:#fef3c7');
    expect(html).toContain('color:#0f172a');
    expect(html).toContain('Tide tables');
    const script = await fetch(`${app.url}/audio-native/player.js`);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const mp3 = new Uint8Array(await (await fetch(ready.settings!.audioUrl!)).arrayBuffer());
    expect((await decodeAudio(mp3, 16000)).length / 16000).toBeGreaterThan(2);
  }, 180_000);

  it('updates the content and the player settings', async () => {
    const { projectId } = await client.audioNative.create({
      name: 'Edit me',
      file: new File(['First text.'], 'a.txt', { type: 'text/plain' }),
    });
    const before = await client.audioNative.getSettings(projectId);
    expect(before.settings).toMatchObject({
      status: 'processing',
      title: 'Edit me',
      textColor: '#111827',
      backgroundColor: '#ffffff',
      small: false,
    });
    const edited = await client.audioNative.update(projectId, {
      file: new File(['# New\n\nSecond text.'], 'b.md'),
      autoConvert: false,
    });
    expect(edited).toMatchObject({ projectId, converting: false, publishing: false });
    expect((await client.studio.projects.chapters.list(projectId)).chapters.map((c) => c.name)).toEqual([
      'New',
    ]);
    const res = await app.request(`/v1/audio-native/${projectId}/settings`, {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ small: true, text_color: '#ffffff', background_color: '#1e3a8a' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { settings: unknown }).settings).toMatchObject({
      small: true,
      text_color: '#ffffff',
      background_color: '#1e3a8a',
    });
  });

  it('answers 404 to another workspace and for a plain Studio project', async () => {
    const { projectId } = await client.audioNative.create({
      name: 'Mine',
      file: new File(['Hello.'], 'a.txt'),
    });
    expect((await failure(otherClient.audioNative.getSettings(projectId))).status).toBe(404);
    expect(
      (await failure(otherClient.audioNative.update(projectId, { file: new File(['x'], 'x.txt') }))).status,
    ).toBe(404);
    const { project } = await client.studio.projects.create({ name: 'Plain' });
    expect((await failure(client.audioNative.getSettings(project.projectId))).body.detail.status).toBe(
      'project_not_found',
    );
    expect((await fetch(`${app.url}/audio-native/embed/not-an-id`)).status).toBe(404);
  });

  it("counts against the plan's Studio project limit (starter: 20)", async () => {
    const user = await createTestUser(app);
    const c = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'starter' })
      .where(eq(workspaces.id, user.workspaceId));
    for (let i = 0; i < 20; i++)
      await c.audioNative.create({ name: `P${i}`, file: new File(['Text.'], 'a.txt') });
    const over = await failure(
      c.audioNative.create({ name: 'One too many', file: new File(['Text.'], 'a.txt') }),
    );
    expect(over.status).toBe(403);
    expect(over.body.detail.status).toBe('project_limit_reached');
  }, 120_000);

  it('documents the audio native and Studio export routes in /openapi.json', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/audio-native',
        '/v1/audio-native/{project_id}/settings',
        '/v1/audio-native/{project_id}/content',
        '/v1/audio-native/content',
        '/v1/studio/projects/{project_id}/export',
        '/v1/studio/projects/{project_id}/chapters/{chapter_id}/export',
      ]),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/audio-native/'))).toBe(false);
  });

  it('refuses a create without content', async () => {
    const res = await failure(client.audioNative.create({ name: 'Empty' }));
    expect([res.status, res.body.detail.status]).toEqual([400, 'invalid_content']);
  });
});
