/**
 * Voiceover projects (decisions 220-223): a video of the workspace, its tracks, and the export of the mix.
 * Clips are voiceover-clips.service.ts.
 */
import { MAX_TRACKS } from '@vocalis/domain/voiceover/voiceover-rules';
import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import type { VoiceoverTrack } from '../../db/schema/voiceover';
import { AppError, badRequest } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import { voiceoverExportJobSpec } from './voiceover-export.job-spec';
import { projectNotFound, trackNotFound, type VoiceoverStore } from './voiceover-store';
import { projectVideo } from './voiceover-video';
import { presentVoiceover } from './voiceover.presenter';
import * as repo from './voiceover.repo';

/** Every file a project holds. */
export const projectFiles = (row: repo.VoiceoverRow): string[] =>
  [
    row.videoPath,
    row.exportPath,
    ...row.tracks.flatMap((t) => t.clips.flatMap((c) => [c.audioPath, c.sourcePath])),
  ].filter((p): p is string => !!p);

export class VoiceoverService {
  constructor(
    private readonly store: VoiceoverStore,
    private readonly files: FileStorage,
  ) {}

  async create(caller: Principal, fields: { file?: unknown; name?: string }): Promise<VoiceoverProjectDto> {
    const ws = await this.store.workspaceId(caller);
    const video = await projectVideo(fields.file);
    const id = newId();
    const videoPath = `voiceover/${ws}/${id}/video.mp4`;
    await this.files.put(videoPath, video.mp4);
    try {
      const row = await repo.insertProject(this.store.db, {
        id,
        workspaceId: ws,
        userId: caller.userId,
        name: fields.name?.trim() || video.fileName.replace(/\.[^.]+$/, '') || 'Untitled',
        videoPath,
        videoType: 'video/mp4',
        durationSeconds: video.seconds,
        tracks: [{ id: newId(), name: 'Track 1', volume: 1, muted: false, clips: [] }],
      });
      this.store.publish(row, 'insert');
      return presentVoiceover(row);
    } catch (err) {
      await this.files.delete(videoPath).catch(() => undefined);
      throw err;
    }
  }

  async list(caller: Principal): Promise<VoiceoverProjectDto[]> {
    return (await repo.listProjects(this.store.db, await this.store.workspaceId(caller))).map(
      presentVoiceover,
    );
  }

  async get(caller: Principal, id: string): Promise<VoiceoverProjectDto> {
    return presentVoiceover(await this.store.get(caller, id));
  }

  async update(caller: Principal, id: string, b: { name?: string; video_volume?: number }) {
    const row = await this.store.change(caller, id, () => ({
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.video_volume !== undefined ? { videoVolume: b.video_volume } : {}),
    }));
    return presentVoiceover(row);
  }

  /** Deletes the project and every file it holds (a running export finds the row gone). */
  async delete(caller: Principal, id: string): Promise<void> {
    const ws = await this.store.workspaceId(caller);
    const { row, keys } = await this.store.db.transaction(async (tx) => {
      const deleted = await repo.deleteProject(tx, ws, id);
      if (!deleted) throw projectNotFound();
      const files = projectFiles(deleted);
      await discardFiles(tx, files);
      return { row: deleted, keys: files };
    });
    await Promise.all(keys.map((k) => this.files.delete(k))).catch(() => undefined);
    this.store.publish(row, 'delete');
  }

  async video(caller: Principal, id: string): Promise<StoredFile & { contentType: string }> {
    const row = await this.store.get(caller, id);
    const file = await this.files.open(row.videoPath);
    if (!file) throw new AppError(404, 'video_not_found', 'The video is gone from storage.');
    return { ...file, contentType: row.videoType };
  }

  async addTrack(caller: Principal, id: string, name?: string) {
    const row = await this.store.change(caller, id, (r) => {
      if (r.tracks.length >= MAX_TRACKS)
        throw badRequest(`A project has at most ${MAX_TRACKS} tracks.`, 'too_many_tracks');
      const track: VoiceoverTrack = {
        id: newId(),
        name: name ?? `Track ${r.tracks.length + 1}`,
        volume: 1,
        muted: false,
        clips: [],
      };
      return { tracks: [...r.tracks, track] };
    });
    return presentVoiceover(row);
  }

  async updateTrack(
    caller: Principal,
    id: string,
    trackId: string,
    b: { name?: string; volume?: number; muted?: boolean },
  ) {
    const row = await this.store.change(caller, id, (r) => {
      if (!r.tracks.some((t) => t.id === trackId)) throw trackNotFound();
      return { tracks: r.tracks.map((t) => (t.id === trackId ? { ...t, ...b } : t)) };
    });
    return presentVoiceover(row);
  }

  /** Removes a track with its clips (their files go too). */
  async deleteTrack(caller: Principal, id: string, trackId: string) {
    let gone: string[] = [];
    const row = await this.store.change(caller, id, async (r, tx) => {
      const track = r.tracks.find((t) => t.id === trackId);
      if (!track) throw trackNotFound();
      gone = track.clips.flatMap((c) => [c.audioPath, c.sourcePath]).filter((p): p is string => !!p);
      await discardFiles(tx, gone);
      return { tracks: r.tracks.filter((t) => t.id !== trackId) };
    });
    await Promise.all(gone.map((k) => this.files.delete(k))).catch(() => undefined);
    return presentVoiceover(row);
  }

  /** Starts the export of the current mix; one at a time per project. */
  async startExport(caller: Principal, id: string): Promise<void> {
    const ws = await this.store.workspaceId(caller);
    const row = await this.store.db.transaction(async (tx) => {
      const r = await repo.lockProject(tx, ws, id);
      if (!r) throw projectNotFound();
      if (r.exportStatus === 'exporting')
        throw new AppError(409, 'export_in_progress', 'The project is being exported already.');
      const started = await repo.startExport(tx, id);
      await enqueue(tx, voiceoverExportJobSpec, { projectId: id, version: started.version });
      return started;
    });
    this.store.publish(row);
  }

  /** The last export (mp4); 425 while one is made. */
  async exported(caller: Principal, id: string): Promise<StoredFile & { contentType: string }> {
    const row = await this.store.get(caller, id);
    if (row.exportStatus === 'exporting')
      throw new AppError(425, 'export_in_progress', 'The export is still being made.');
    const file = row.exportPath ? await this.files.open(row.exportPath) : null;
    if (!file) throw new AppError(404, 'export_not_found', 'The project has not been exported yet.');
    return { ...file, contentType: 'video/mp4' };
  }
}
