/**
 * Who may do what in Studio (decision 130): the caller's workspace, `allowed_to_use_projects_api` for
 * xi-api-keys, the project found in that workspace (404 otherwise), and the voices a project may use.
 */
import { LIVE_MODERATION_MESSAGE, mayUseProjectsApi } from '@vocalis/domain/studio/studio-rules';
import type { ResourceAction } from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import type { UsageService } from '../usage/usage.service';
import type { VoicesService } from '../voices/voices.service';
import * as repo from './studio.repo';

export const projectNotFound = () => notFound('Project not found.', 'project_not_found');
export const chapterNotFound = () => notFound('Chapter not found.', 'chapter_not_found');

export class StudioAccess {
  constructor(
    private readonly db: AppDb,
    private readonly usage: UsageService,
    private readonly voices: VoicesService,
    /** Refuses locators naming a dictionary the caller may not read, or none (text to speech's check). */
    private readonly dictionaries: (
      caller: Principal,
      locators: { pronunciation_dictionary_id: string; version_id?: string | null }[],
    ) => Promise<unknown>,
  ) {}

  /** The project's pronunciation dictionaries must exist and be readable by the caller (decision 261). */
  async checkDictionaries(
    caller: Principal,
    locators: { pronunciation_dictionary_id: string; version_id?: string | null }[],
  ): Promise<void> {
    if (locators.length) await this.dictionaries(caller, locators);
  }

  /** The caller's workspace and tier, whoever calls. */
  async current(caller: Principal): Promise<{ id: string; tier: string }> {
    return caller.workspace ?? (await this.usage.workspaceOf(caller.userId));
  }

  /** The caller's workspace and tier; an xi-api-key of a plan without the projects API is refused. */
  async workspace(caller: Principal): Promise<{ id: string; tier: string }> {
    const ws = await this.current(caller);
    if (caller.via === 'api_key' && !mayUseProjectsApi(ws.tier))
      throw new AppError(
        403,
        'projects_api_not_allowed',
        'Your plan does not include the Studio projects API. Upgrade to Starter or above, or use Studio in the app.',
      );
    return ws;
  }

  /**
   * The project, when the caller may `action` it (shared resources, decision 165): one they may not read
   * answers 404 like another workspace's, one they may read but not change 403.
   */
  async project(caller: Principal, projectId: string, action: ResourceAction = 'read') {
    const ws = await this.workspace(caller);
    const project = await repo.findProject(this.db, ws.id, projectId);
    if (!project) throw projectNotFound();
    const access = await ResourceAccess.load(this.db, caller, 'studio_projects');
    access.require(project.id, project.createdByUserId, action, projectNotFound);
    return { ws, project };
  }

  /** Which of the workspace's projects the caller's lists show. */
  async visibility(caller: Principal): Promise<VisibilityFilter> {
    return (await ResourceAccess.load(this.db, caller, 'studio_projects')).visibility();
  }

  /** Whether the caller may read a project (for lists built from other rows). */
  async reader(caller: Principal): Promise<(p: Pick<repo.ProjectRow, 'id' | 'createdByUserId'>) => boolean> {
    const access = await ResourceAccess.load(this.db, caller, 'studio_projects');
    return (p) => access.can(p.id, p.createdByUserId, 'read');
  }

  async chapter(caller: Principal, projectId: string, chapterId: string, action: ResourceAction = 'read') {
    const { ws, project } = await this.project(caller, projectId, action);
    const chapter = await repo.findChapter(this.db, project.id, chapterId);
    if (!chapter) throw chapterNotFound();
    return { ws, project, chapter };
  }

  /**
   * Every voice must exist for the caller (a workspace voice they may not read does not, decision 165) and
   * must not be live-moderated.
   */
  async checkVoices(caller: Principal, voiceIds: Iterable<string>): Promise<void> {
    for (const id of new Set(voiceIds)) {
      if (await repo.isLiveModerated(this.db, id))
        throw badRequest(LIVE_MODERATION_MESSAGE, 'live_moderation_voice');
      await this.voices.profileFor(caller, id).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404)
          throw badRequest(`A voice with the voice_id ${id} was not found.`, 'voice_not_found');
        throw err;
      });
    }
  }
}
