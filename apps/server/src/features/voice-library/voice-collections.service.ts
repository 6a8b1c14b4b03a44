/** Voice collections of a workspace: create, rename, delete, add and remove voices, list. */
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { callerWorkspace } from '../../plugins/auth';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import { presentCollection } from './voice-library.presenter';
import * as repo from './voice-collections.repo';

/** A workspace's collections at most (the spec names none; enough for any real library). */
export const MAX_COLLECTIONS = 200;
export const MAX_VOICES_PER_COLLECTION = 1000;

const collectionNotFound = (id: string) =>
  notFound(`A collection with the collection_id ${id} was not found.`, 'collection_not_found');

export class VoiceCollectionsService {
  constructor(
    private readonly db: AppDb,
    private readonly workspaces: { workspaceOf(userId: string): Promise<{ id: string }> },
    /** Whether the workspace can use the voice (premade, its own, or a live library copy). */
    private readonly usable: (workspaceId: string, voiceId: string) => Promise<boolean>,
  ) {}

  private async workspaceFor(caller: KeyCaller, scope: 'voices_read' | 'voices_write') {
    if (!hasPermission(caller, scope)) throw missingPermission(scope);
    return (await callerWorkspace(caller, this.workspaces)).id;
  }

  async list(caller: KeyCaller) {
    const workspaceId = await this.workspaceFor(caller, 'voices_read');
    const all = await repo.listCollections(this.db, workspaceId);
    return { collections: all.map((c) => presentCollection(c.row, c.voiceIds)) };
  }

  async get(caller: KeyCaller, id: string) {
    const workspaceId = await this.workspaceFor(caller, 'voices_read');
    const c = await repo.findCollection(this.db, workspaceId, id);
    if (!c) throw collectionNotFound(id);
    return presentCollection(c.row, c.voiceIds);
  }

  async create(caller: KeyCaller, input: { title: string; icon: string }) {
    const workspaceId = await this.workspaceFor(caller, 'voices_write');
    const existing = await repo.listCollections(this.db, workspaceId);
    if (existing.length >= MAX_COLLECTIONS)
      throw badRequest(
        `A workspace can have at most ${MAX_COLLECTIONS} collections.`,
        'collection_limit_reached',
      );
    const row = await repo.insertCollection(this.db, {
      id: newId(),
      workspaceId,
      title: input.title,
      icon: input.icon,
    });
    return presentCollection(row, []);
  }

  async update(caller: KeyCaller, id: string, input: { title?: string; icon?: string }) {
    const workspaceId = await this.workspaceFor(caller, 'voices_write');
    if (!(await repo.findCollection(this.db, workspaceId, id))) throw collectionNotFound(id);
    await repo.updateCollection(this.db, workspaceId, id, input);
    return this.get(caller, id);
  }

  async delete(caller: KeyCaller, id: string) {
    const workspaceId = await this.workspaceFor(caller, 'voices_write');
    if (!(await repo.deleteCollection(this.db, workspaceId, id))) throw collectionNotFound(id);
    return { collection_id: id };
  }

  async addVoice(caller: KeyCaller, id: string, voiceId: string) {
    const workspaceId = await this.workspaceFor(caller, 'voices_write');
    const c = await repo.findCollection(this.db, workspaceId, id);
    if (!c) throw collectionNotFound(id);
    if (!(await this.usable(workspaceId, voiceId)))
      throw notFound(`A voice with the voice_id ${voiceId} was not found.`, 'voice_not_found');
    if (c.voiceIds.length >= MAX_VOICES_PER_COLLECTION && !c.voiceIds.includes(voiceId))
      throw badRequest(`A collection holds at most ${MAX_VOICES_PER_COLLECTION} voices.`, 'collection_full');
    await repo.addVoice(this.db, id, voiceId);
    return { collection_id: id, voice_id: voiceId };
  }

  async removeVoice(caller: KeyCaller, id: string, voiceId: string) {
    const workspaceId = await this.workspaceFor(caller, 'voices_write');
    if (!(await repo.findCollection(this.db, workspaceId, id))) throw collectionNotFound(id);
    if (!(await repo.removeVoice(this.db, id, voiceId)))
      throw notFound(`The voice ${voiceId} is not in this collection.`, 'voice_not_in_collection');
    return { collection_id: id, voice_id: voiceId };
  }
}
