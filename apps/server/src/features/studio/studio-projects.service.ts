/**
 * Studio projects (studio.projects.*, decision 130; their chapters are studio-chapters.service.ts): create from
 * blank, pasted text, a document or content JSON; read, update, reorder and delete. Every write is one
 * transaction, and nothing is written before every voice, the model and the plan's project limit are checked.
 */
import type { CreateProjectFields, UpdateProjectBody } from '@vocalis/contracts/studio';
import { studioProjectLimit } from '@vocalis/domain/billing/plans';
import {
  mayCreateProject,
  mayUseProjectsApi,
  projectLimitMessage,
} from '@vocalis/domain/studio/studio-rules';
import type { AppDb } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../live/event-bus';
import type { Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import type { ModelCatalogue } from '../models/model-catalogue';
import type { UploadedFile } from '../voices/voice-samples';
import { documentChapters, pastedChapters } from './document-import';
import { urlChapters } from './url-import';
import type { StudioAccess } from './studio-access';
import { draftsOf, parseContentJson, rowsOf, voicesNamed, type ChapterDraft } from './studio-content';
import { isConverted } from './conversion-fingerprint';
import { presentChapter, presentProject } from './studio.presenter';
import * as repo from './studio.repo';
import { projectContent } from './studio-chapters.service';

/** The default voice of new projects (the catalogue's default voice). */
export const DEFAULT_STUDIO_VOICE = 'cZu6SI8gppUv1kFPCYh3';

export class StudioProjectsService {
  constructor(
    private readonly db: AppDb,
    private readonly bus: EventBus,
    readonly access: StudioAccess,
    private readonly models: ModelCatalogue,
    private readonly outbound: { allowPrivate: boolean } = { allowPrivate: false },
  ) {}

  private publishProject(workspaceId: string, op: 'insert' | 'update' | 'delete', p: repo.ProjectRow) {
    this.bus.publish({
      collection: 'project',
      op,
      id: p.id,
      data: op === 'delete' ? null : presentProject(p),
      audience: { workspaceIds: [workspaceId] },
    });
  }

  async limits(caller: Principal) {
    const ws = await this.access.current(caller);
    const used = await repo.countProjects(this.db, ws.id);
    const limit = studioProjectLimit(ws.tier);
    return {
      projects_used: used,
      projects_limit: limit < 0 ? null : limit,
      allowed_to_use_projects_api: mayUseProjectsApi(ws.tier),
    };
  }

  async create(caller: Principal, f: CreateProjectFields, document: UploadedFile | null) {
    const ws = await this.access.workspace(caller);
    const titleVoice = f.default_title_voice_id ?? DEFAULT_STUDIO_VOICE;
    const paragraphVoice = f.default_paragraph_voice_id ?? DEFAULT_STUDIO_VOICE;
    const model = this.models.resolve(f.default_model_id ?? null).modelId;
    const sources = [document, f.from_url, f.from_content_json, f.from_text].filter(
      (s) => s !== undefined && s !== null && s !== '',
    );
    if (sources.length > 1)
      throw badRequest(
        'Send one of from_document, from_url, from_content_json or from_text.',
        'invalid_content',
      );
    const drafts: ChapterDraft[] = document
      ? draftsOf(await documentChapters(document, 'Chapter 1'))
      : f.from_url
        ? draftsOf(await urlChapters(f.from_url, this.outbound.allowPrivate, 'Chapter 1'))
        : f.from_content_json
          ? parseContentJson(f.from_content_json)
          : f.from_text?.trim()
            ? draftsOf(pastedChapters(f.from_text, 'Chapter 1'))
            : [{ name: 'Chapter 1', blocks: [] }];
    await this.access.checkVoices(caller, [titleVoice, paragraphVoice, ...voicesNamed(drafts)]);
    const locators = (f.pronunciation_dictionary_locators ?? []).map(parseLocator);
    await this.access.checkDictionaries(caller, locators);
    const id = newId();
    const now = Date.now();
    const { chapters, blocks } = rowsOf(drafts, id, ws.id, now);
    const row = await this.db.transaction(async (tx) => {
      await repo.lockWorkspaceProjects(tx, ws.id);
      if (!mayCreateProject(ws.tier, await repo.countProjects(tx, ws.id)))
        throw new AppError(403, 'project_limit_reached', projectLimitMessage(ws.tier));
      await repo.insertProject(tx, {
        id,
        workspaceId: ws.id,
        createdByUserId: caller.userId,
        name: f.name,
        defaultTitleVoiceId: titleVoice,
        defaultParagraphVoiceId: paragraphVoice,
        defaultModelId: model,
        title: f.title ?? null,
        author: f.author ?? null,
        isbnNumber: f.isbn_number ?? null,
        description: f.description ?? '',
        genres: f.genres ?? [],
        targetAudience: f.target_audience ?? 'all ages',
        language: f.language ?? null,
        contentType: f.content_type ?? null,
        originalPublicationDate: f.original_publication_date ?? null,
        matureContent: f.mature_content ?? false,
        acxVolumeNormalization: f.acx_volume_normalization ?? false,
        volumeNormalization: f.volume_normalization ?? false,
        fiction: f.fiction ?? null,
        sourceType: f.source_type ?? (document ? 'book' : 'blank'),
        qualityPreset: f.quality_preset ?? 'standard',
        applyTextNormalization: f.apply_text_normalization ?? 'auto',
        pronunciationLocators: locators,
        chaptersOrder: chapters.map((c) => c.id),
        chaptersOrderChangedMs: now,
      });
      await repo.insertChapters(tx, chapters);
      await repo.insertBlocks(tx, blocks);
      return (await repo.findProjectById(tx, id))!;
    });
    this.publishProject(ws.id, 'insert', row);
    return { project: presentProject(row) };
  }

  async list(caller: Principal) {
    const ws = await this.access.workspace(caller);
    const visible = await this.access.visibility(caller);
    return { projects: (await repo.listProjects(this.db, ws.id, visible)).map(presentProject) };
  }

  async get(caller: Principal, projectId: string) {
    const { project } = await this.access.project(caller, projectId);
    const { chapters, blocks } = await projectContent(this.db, project);
    return {
      ...presentProject(project),
      chapters: chapters.map((c) => presentChapter(project, c, blocks, isConverted(project))),
      pronunciation_dictionary_versions: [],
      pronunciation_dictionary_locators: project.pronunciationLocators,
      apply_text_normalization: project.applyTextNormalization,
      assets: [],
      voices: [],
    };
  }

  async update(caller: Principal, projectId: string, body: UpdateProjectBody) {
    const { ws, project } = await this.access.project(caller, projectId, 'edit');
    await this.access.checkVoices(caller, [body.default_title_voice_id, body.default_paragraph_voice_id]);
    const model = body.default_model_id ? this.models.resolve(body.default_model_id).modelId : undefined;
    if (body.chapters_order) {
      const have = (await repo.listChapters(this.db, project.id)).map((c) => c.id).sort();
      const want = [...body.chapters_order].sort();
      if (have.length !== want.length || have.some((id, i) => id !== want[i]))
        throw badRequest(
          'chapters_order must list every chapter of the project once.',
          'invalid_chapters_order',
        );
    }
    const row = await repo.updateProject(this.db, project.id, {
      name: body.name,
      defaultTitleVoiceId: body.default_title_voice_id,
      defaultParagraphVoiceId: body.default_paragraph_voice_id,
      ...(body.title !== undefined && { title: body.title }),
      ...(body.author !== undefined && { author: body.author }),
      ...(body.isbn_number !== undefined && { isbnNumber: body.isbn_number }),
      ...(body.volume_normalization != null && { volumeNormalization: body.volume_normalization }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.genres && { genres: body.genres }),
      ...(body.target_audience && { targetAudience: body.target_audience }),
      ...(body.language !== undefined && { language: body.language }),
      ...(body.quality_preset && { qualityPreset: body.quality_preset }),
      ...(body.mature_content !== undefined && { matureContent: body.mature_content }),
      ...(body.acx_volume_normalization !== undefined && {
        acxVolumeNormalization: body.acx_volume_normalization,
      }),
      ...(model && { defaultModelId: model }),
      ...(body.project_settings && { continuePlaying: body.project_settings.continue_playing }),
      ...(body.chapters_order && { chaptersOrder: body.chapters_order, chaptersOrderChangedMs: Date.now() }),
    });
    this.publishProject(ws.id, 'update', row!);
    return { project: presentProject(row!) };
  }

  /**
   * Sets the project's pronunciation dictionaries (at most three, in order). They are part of every block's
   * fingerprint, so the next conversion speaks the blocks again with them.
   */
  async setDictionaries(
    caller: Principal,
    projectId: string,
    locators: { pronunciation_dictionary_id: string; version_id?: string | null }[],
  ) {
    const { ws, project } = await this.access.project(caller, projectId, 'edit');
    await this.access.checkDictionaries(caller, locators);
    const row = await repo.updateProject(this.db, project.id, {
      pronunciationLocators: locators.map((l) => ({
        pronunciation_dictionary_id: l.pronunciation_dictionary_id,
        version_id: l.version_id ?? null,
      })),
    });
    this.publishProject(ws.id, 'update', row!);
    return { status: 'ok' as const };
  }

  async delete(caller: Principal, projectId: string) {
    const { ws, project } = await this.access.project(caller, projectId, 'delete');
    await this.db.transaction(async (tx) => {
      await discardFiles(tx, await repo.projectFiles(tx, project.id));
      await repo.deleteProject(tx, ws.id, project.id);
    });
    this.publishProject(ws.id, 'delete', project);
    return { status: 'ok' as const };
  }

  /** POST /content: the project's chapters are replaced by the document's or the JSON's. */
  async replaceContent(
    caller: Principal,
    projectId: string,
    f: { from_url?: string; from_content_json?: string },
    document: UploadedFile | null,
  ) {
    const { ws, project } = await this.access.project(caller, projectId, 'edit');
    if (!document && !f.from_content_json && !f.from_url)
      throw badRequest('Send from_document, from_url or from_content_json.', 'invalid_content');
    const drafts = document
      ? draftsOf(await documentChapters(document, 'Chapter 1'))
      : f.from_url
        ? draftsOf(await urlChapters(f.from_url, this.outbound.allowPrivate, 'Chapter 1'))
        : parseContentJson(f.from_content_json!);
    await this.access.checkVoices(caller, voicesNamed(drafts));
    const now = Date.now();
    const { chapters, blocks } = rowsOf(drafts, project.id, ws.id, now);
    const row = await this.db.transaction(async (tx) => {
      const old = await repo.listChapters(tx, project.id);
      await discardFiles(
        tx,
        await repo.blockFiles(
          tx,
          await repo.blocksOf(
            tx,
            old.map((c) => c.id),
          ),
        ),
      );
      for (const c of old) await repo.deleteChapter(tx, project.id, c.id);
      await repo.insertChapters(tx, chapters);
      await repo.insertBlocks(tx, blocks);
      return repo.updateProject(tx, project.id, {
        chaptersOrder: chapters.map((c) => c.id),
        chaptersOrderChangedMs: now,
      });
    });
    this.publishProject(ws.id, 'update', row!);
    return { project: presentProject(row!) };
  }
}

/** A locator sent as a form field: JSON `{"pronunciation_dictionary_id","version_id"}`. */
function parseLocator(raw: string) {
  try {
    const v = JSON.parse(raw) as { pronunciation_dictionary_id?: unknown; version_id?: unknown };
    if (typeof v.pronunciation_dictionary_id === 'string')
      return {
        pronunciation_dictionary_id: v.pronunciation_dictionary_id,
        version_id: typeof v.version_id === 'string' ? v.version_id : null,
      };
  } catch {
    /* falls through */
  }
  throw badRequest(
    'pronunciation_dictionary_locators must be JSON objects with pronunciation_dictionary_id and version_id.',
    'invalid_locator',
  );
}
