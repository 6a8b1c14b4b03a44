/**
 * Audio native (decision 173): a Studio project narrated for a web page, with the settings of its embeddable
 * player. Creation, content and conversion are Studio's (the same import, plan limit and conversion job);
 * this service keeps the player's settings and the public embed id, and answers the player.
 */
import { randomBytes } from 'node:crypto';
import type { CreateAudioNativeFields } from '@vocalis/contracts/audio-native';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import type { UploadedFile } from '../voices/voice-samples';
import type { StudioConversionService } from '../studio/studio-conversion.service';
import type { StudioProjectsService } from '../studio/studio-projects.service';
import * as studioRepo from '../studio/studio.repo';
import * as repo from './audio-native.repo';
import { embedSnippet } from './embed-snippet';

export const DEFAULT_TEXT_COLOR = '#111827';
export const DEFAULT_BACKGROUND_COLOR = '#ffffff';

const projectNotFound = () => notFound('Audio native project not found.', 'project_not_found');

export class AudioNativeService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly projects: StudioProjectsService,
    private readonly conversion: StudioConversionService,
  ) {}

  /** The caller's audio-native project and its Studio project; 404 for another workspace's. */
  private async find(caller: Principal, projectId: string, action: 'read' | 'edit' = 'read') {
    const { ws, project } = await this.projects.access.project(caller, projectId, action);
    const row = await repo.findAudioNative(this.db, ws.id, project.id);
    if (!row) throw projectNotFound();
    return { ws, project, row };
  }

  async create(caller: Principal, f: CreateAudioNativeFields, file: UploadedFile | null, origin: string) {
    if (!file && !f.url) throw badRequest('Send the article as `file` or `url`.', 'invalid_content');
    const { project } = await this.projects.create(
      caller,
      {
        name: f.name,
        title: f.title,
        author: f.author,
        default_title_voice_id: f.voice_id,
        default_paragraph_voice_id: f.voice_id,
        default_model_id: f.model_id,
        from_url: file ? undefined : f.url,
        source_type: 'article',
      } as Parameters<StudioProjectsService['create']>[1],
      file,
    );
    const embedId = randomBytes(12).toString('base64url');
    await repo.insertAudioNative(this.db, {
      projectId: project.project_id,
      workspaceId: (await this.projects.access.workspace(caller)).id,
      embedId,
      title: f.title ?? f.name,
      author: f.author ?? '',
      image: f.image ?? '',
      small: f.small ?? false,
      textColor: f.text_color ?? DEFAULT_TEXT_COLOR,
      backgroundColor: f.background_color ?? DEFAULT_BACKGROUND_COLOR,
      sessionization: f.sessionization ?? 0,
      sourceUrl: file ? null : (f.url ?? null),
    });
    if (f.auto_convert) await this.conversion.convert(caller, project.project_id, null);
    return {
      project_id: project.project_id,
      converting: f.auto_convert ?? false,
      html_snippet: embedSnippet(origin, embedId, f.small ?? false),
    };
  }

  async list(caller: Principal, origin: string) {
    const ws = await this.projects.access.current(caller);
    const rows = await repo.listAudioNative(this.db, ws.id);
    const readable = await this.projects.access.reader(caller);
    const found = await Promise.all(
      rows.map(async (r) => ({ r, p: await studioRepo.findProjectById(this.db, r.projectId) })),
    );
    // Shared resources (decision 165): a project the caller may not read is left out.
    const projects = found.filter(({ p }) => !p || readable(p));
    return {
      projects: projects.map(({ r, p }) => ({
        project_id: r.projectId,
        name: p?.name ?? r.title,
        title: r.title,
        status: p?.latestSnapshotId ? ('ready' as const) : ('processing' as const),
        html_snippet: embedSnippet(origin, r.embedId, r.small),
        created_at_unix: Math.floor(r.createdAt.getTime() / 1000),
      })),
    };
  }

  async settings(caller: Principal, projectId: string, origin: string) {
    const { project, row } = await this.find(caller, projectId);
    const ready = !!project.latestSnapshotId;
    return {
      enabled: true,
      ...(project.latestSnapshotId ? { snapshot_id: project.latestSnapshotId } : {}),
      settings: {
        title: row.title,
        image: row.image,
        author: row.author,
        small: row.small,
        text_color: row.textColor,
        background_color: row.backgroundColor,
        sessionization: row.sessionization,
        ...(ready
          ? {
              audio_path: `/audio-native/embed/${row.embedId}/audio.mp3`,
              audio_url: `${origin}/audio-native/embed/${row.embedId}/audio.mp3`,
            }
          : {}),
        status: ready ? ('ready' as const) : ('processing' as const),
      },
    };
  }

  /** The player's look (the /settings/player page). */
  async updatePlayer(
    caller: Principal,
    projectId: string,
    set: {
      title?: string;
      author?: string;
      image?: string;
      small?: boolean;
      text_color?: string;
      background_color?: string;
      sessionization?: number;
    },
    origin: string,
  ) {
    const { row } = await this.find(caller, projectId, 'edit');
    await repo.updateAudioNative(this.db, row.projectId, {
      title: set.title ?? row.title,
      author: set.author ?? row.author,
      image: set.image ?? row.image,
      small: set.small ?? row.small,
      textColor: set.text_color ?? row.textColor,
      backgroundColor: set.background_color ?? row.backgroundColor,
      sessionization: set.sessionization ?? row.sessionization,
    });
    return this.settings(caller, projectId, origin);
  }

  async updateContent(
    caller: Principal,
    projectId: string,
    f: { auto_convert?: boolean; auto_publish?: boolean },
    file: UploadedFile | null,
    origin: string,
  ) {
    const { row } = await this.find(caller, projectId, 'edit');
    if (!file) throw badRequest('Send the new article as `file`.', 'invalid_content');
    await this.projects.replaceContent(caller, projectId, {}, file);
    if (f.auto_convert) await this.conversion.convert(caller, projectId, null);
    return {
      project_id: projectId,
      converting: f.auto_convert ?? false,
      publishing: (f.auto_convert ?? false) && (f.auto_publish ?? false),
      html_snippet: embedSnippet(origin, row.embedId, row.small),
    };
  }

  /** The project made from `url` reads the page again and converts it. */
  async updateFromUrl(
    caller: Principal,
    body: { url: string; author?: string; title?: string },
    origin: string,
  ) {
    const ws = await this.projects.access.workspace(caller);
    const row = await repo.findBySourceUrl(this.db, ws.id, body.url);
    if (!row) throw notFound('No audio native project was made from this URL.', 'project_not_found');
    await this.projects.replaceContent(caller, row.projectId, { from_url: body.url }, null);
    await repo.updateAudioNative(this.db, row.projectId, {
      title: body.title ?? row.title,
      author: body.author ?? row.author,
    });
    await this.conversion.convert(caller, row.projectId, null);
    return {
      project_id: row.projectId,
      converting: true,
      publishing: true,
      html_snippet: embedSnippet(origin, row.embedId, row.small),
    };
  }

  /** Public: the player's settings and whether audio is ready, by embed id. */
  async embed(embedId: string) {
    const row = await repo.findByEmbedId(this.db, embedId);
    const project = row && (await studioRepo.findProjectById(this.db, row.projectId));
    if (!row || !project) throw projectNotFound();
    return { row, project };
  }

  /** Public: the latest project snapshot's mp3. */
  async embedAudio(embedId: string) {
    const { project } = await this.embed(embedId);
    const snap = project.latestSnapshotId
      ? await studioRepo.findSnapshot(this.db, project.id, null, project.latestSnapshotId)
      : undefined;
    const file = snap && (await this.files.open(snap.audioPath));
    if (!file) throw notFound('The narration is not ready yet.', 'not_converted');
    return file;
  }
}
