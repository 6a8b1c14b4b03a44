import type {
  SearchVoicesQuery,
  Voice,
  VoiceSettingsInput,
  VoiceSettingsResponse,
} from '@vocalis/contracts/voices';
import type { ResourceCaller } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import type { StoredVoiceSettings } from '../../db/schema/voice-settings';
import { badRequest, notFound } from '../../errors';
import { effectiveSettings } from '../../speech/speech-plan';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import type { CatalogueVoice } from './voice-builders';
import { resolveVoiceAlias } from './elevenlabs-voice-aliases';
import { OPENAI_VOICE_MAP } from './voice-catalogue';
import type { PreviewFile, VoicePreviews } from './voice-previews';
import { callerWorkspace } from '../../plugins/auth';
import * as settingsRepo from './voice-settings.repo';
import { presentVoice } from './voices.presenter';
import { presentCustomVoice } from './custom-voices.presenter';
import type { CustomVoicesService } from './custom-voices.service';
import { speakingVoice } from './voice-fitting';

const VOICES_WRITE = 'voices_write';

/** What the voice library adds to voices: collections (the list's collection_id filter) and sharing. */
export type VoiceLibraryLookup = {
  /** The voice ids of a workspace's collection; undefined when the workspace has no such collection. */
  collectionVoiceIds(workspaceId: string, collectionId: string): Promise<string[] | undefined>;
  /** The owner's view of a voice's sharing, null when not shared. */
  sharingOf(workspaceId: string, voiceId: string): Promise<Voice['sharing']>;
  /** The workspace's collections each of these voices is in. */
  collectionsOf(workspaceId: string, voiceIds: string[]): Promise<Map<string, string[]>>;
};

/** What the service needs to know about workspaces: the caller's current one. */
export type WorkspaceLookup = { workspaceOf(userId: string): Promise<{ id: string }> };

const voiceNotFound = (id: string) =>
  notFound(`A voice with the voice_id ${id} was not found.`, 'voice_not_found');

/**
 * Voices: today the premade catalogue, the same for every workspace, with each workspace's own voice
 * settings over it. Workspace voices (cloned, generated) will join it here.
 */
export class VoicesService {
  private readonly byId: Map<string, CatalogueVoice>;

  constructor(
    private readonly catalogue: readonly CatalogueVoice[],
    private readonly previews: VoicePreviews,
    private readonly publicUrl: string,
    private readonly db: AppDb,
    private readonly workspaces: WorkspaceLookup,
    private readonly custom: CustomVoicesService,
    private readonly library?: VoiceLibraryLookup,
  ) {
    this.byId = new Map(catalogue.map((v) => [v.voiceId, v]));
  }

  /** The workspace's own voices (newest first), then the premade ones. */
  async list(caller: KeyCaller): Promise<{ voices: Voice[] }> {
    return (await this.listing(caller)).make();
  }

  /**
   * `GET /v1/voices` as a key and a maker: without voices of its own, the list is the fixed catalogue with
   * the workspace's stored settings over it, so equal stored settings make equal lists and the route can
   * keep the serialized body per key (decision 050). With voices of its own the key is null: not kept.
   */
  async listing(caller: KeyCaller): Promise<{ key: string | null; make: () => { voices: Voice[] } }> {
    const stored = await this.storedAll(caller);
    const workspaceId = await this.workspaceId(caller);
    const own = await this.custom.listFor(caller, workspaceId);
    const premade = () => this.catalogue.map((v) => this.present(v, stored.get(v.voiceId) ?? null));
    if (own.length) {
      // The workspace's own voices change with every add and edit: made for each request, never kept. Their
      // sharing and collections come from the voice library (decision 083).
      const ids = own.map((v) => v.row.id);
      const [sharing, collections] = await Promise.all([
        Promise.all(ids.map((id) => this.library?.sharingOf(workspaceId, id) ?? null)),
        this.library?.collectionsOf(workspaceId, ids) ?? new Map<string, string[]>(),
      ]);
      return {
        key: null,
        make: () => ({
          voices: [
            ...own.map((v, i) =>
              this.presentOwn(v.row, v.samples, this.customSettings(v.row, stored), sharing[i] ?? null, [
                ...(collections.get(v.row.id) ?? []),
              ]),
            ),
            ...premade(),
          ],
        }),
      };
    }
    return {
      key: JSON.stringify([...stored].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      make: () => ({ voices: premade() }),
    };
  }

  /** `GET /v2/voices`: filter, sort, page by an opaque offset token. */
  async search(caller: KeyCaller, q: SearchVoicesQuery) {
    const stored = await this.storedAll(caller);
    const inCollection = q.collection_id ? await this.collectionIds(caller, q.collection_id) : undefined;
    const terms = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const eq = (a: string, b: string | undefined) => b === undefined || a.toLowerCase() === b.toLowerCase();
    const premadeWanted =
      (!q.voice_type || q.voice_type === 'default') &&
      (!q.category || q.category === 'premade') &&
      !q.fine_tuning_state;
    const matches = premadeWanted
      ? this.catalogue.filter((v) => {
          const haystack = [v.name, v.description, ...Object.values(v.labels)].join(' ').toLowerCase();
          const langs = [v.language, v.locale].map((l) => l.toLowerCase());
          return (
            terms.every((t) => haystack.includes(t)) &&
            eq(v.labels.gender, q.gender) &&
            eq(v.labels.age, q.age) &&
            eq(v.labels.accent, q.accent) &&
            (!q.language?.length || q.language.some((l) => langs.includes(l.toLowerCase()))) &&
            (!q.use_cases?.length || q.use_cases.includes(v.labels.use_case)) &&
            (!q.voice_ids?.length || q.voice_ids.includes(v.voiceId)) &&
            (!inCollection || inCollection.has(v.voiceId))
          );
        })
      : [];
    const ownWanted =
      (!q.voice_type || ['personal', 'workspace', 'non-default', 'saved'].includes(q.voice_type)) &&
      (!q.category || q.category !== 'premade') &&
      !q.fine_tuning_state;
    const own = ownWanted
      ? (await this.custom.listFor(caller, await this.workspaceId(caller))).filter(({ row }) => {
          const haystack = [row.name, row.description ?? '', ...Object.values(row.labels)]
            .join(' ')
            .toLowerCase();
          return (
            terms.every((t) => haystack.includes(t)) &&
            (!q.category || row.category === q.category) &&
            eq(row.labels.gender ?? row.profile.gender, q.gender) &&
            (q.age === undefined || eq(row.labels.age ?? '', q.age)) &&
            (q.accent === undefined || eq(row.labels.accent ?? '', q.accent)) &&
            (!q.language?.length || q.language.some((l) => l.toLowerCase() === row.language)) &&
            !q.use_cases?.length &&
            (!q.voice_ids?.length || q.voice_ids.includes(row.id)) &&
            (!inCollection || inCollection.has(row.id))
          );
        })
      : [];
    type Entry = { name: string; createdAt: number; present: () => Voice };
    const entries: Entry[] = [
      ...own.map((v) => ({
        name: v.row.name,
        createdAt: v.row.createdAt.getTime(),
        present: () => this.presentOwn(v.row, v.samples, this.customSettings(v.row, stored)),
      })),
      // Premade voices have no creation date: they sort as the oldest, in catalogue order.
      ...matches.map((v, i) => ({
        name: v.name,
        createdAt: i - matches.length,
        present: () => this.present(v, stored.get(v.voiceId) ?? null),
      })),
    ];
    const sort = q.sort ?? 'name';
    const direction = q.sort_direction ?? (sort === 'name' ? 'asc' : 'desc');
    const sorted = [...entries].sort((a, b) =>
      sort === 'name' ? a.name.localeCompare(b.name, 'en') : a.createdAt - b.createdAt,
    );
    if (direction === 'desc') sorted.reverse();
    const offset = q.next_page_token ? decodeToken(q.next_page_token) : 0;
    const page = sorted.slice(offset, offset + q.page_size);
    const next = offset + page.length;
    return {
      voices: page.map((v) => v.present()),
      has_more: next < sorted.length,
      total_count: sorted.length,
      next_page_token: next < sorted.length ? encodeToken(next) : null,
    };
  }

  async get(caller: KeyCaller, voiceId: string, withSettings = true): Promise<Voice> {
    if (!this.byId.has(resolveVoiceAlias(voiceId))) {
      const own = await this.custom.findFor(caller, await this.workspaceId(caller), voiceId);
      const stored = withSettings ? await this.stored(caller, voiceId) : undefined;
      const workspaceId = await this.workspaceId(caller);
      return this.presentOwn(
        own.row,
        own.samples,
        withSettings ? (stored ?? effectiveSettings(speakingVoice(own.row))) : null,
        (await this.library?.sharingOf(workspaceId, voiceId)) ?? null,
        (await this.library?.collectionsOf(workspaceId, [voiceId]))?.get(voiceId) ?? [],
      );
    }
    const voice = this.profile(voiceId);
    if (!withSettings) return this.present(voice, false);
    return this.present(voice, (await this.stored(caller, voice.voiceId)) ?? null);
  }

  /** The caller's workspace's settings for the voice, or the voice's own when it never edited them. */
  async settings(caller: KeyCaller, voiceId: string): Promise<VoiceSettingsResponse> {
    const voice = await this.voiceOf(caller, voiceId);
    return (await this.stored(caller, voice.voiceId)) ?? effectiveSettings(voice);
  }

  /** POST /v1/voices/{id}/settings/edit: given fields replace the workspace's settings for the voice. */
  async editSettings(caller: KeyCaller, voiceId: string, input: VoiceSettingsInput): Promise<void> {
    if (!hasPermission(caller, VOICES_WRITE)) throw missingPermission(VOICES_WRITE);
    const voice = await this.voiceOf(caller, voiceId);
    const workspaceId = (await callerWorkspace(caller, this.workspaces)).id;
    const changed = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
    ) as Partial<StoredVoiceSettings>;
    const initial = { ...effectiveSettings(voice), ...changed };
    await settingsRepo.mergeVoiceSettings(this.db, workspaceId, voice.voiceId, initial, changed);
  }

  /**
   * The catalogue voice with the workspace's stored settings as its own, for generation: request
   * settings still override them field by field. This is where every generation resolves its voices: given
   * the caller as the auth hook resolved it, a workspace voice they may not read (shared resources, decision
   * 165) answers 404 like an unknown one. A bare user id is work the server does for someone already checked
   * (a queued job, an agent speaking for its owner).
   */
  async profileFor(who: string | ResourceCaller, voiceId: string): Promise<CatalogueVoice> {
    const caller = typeof who === 'string' ? undefined : who;
    const userId = typeof who === 'string' ? who : who.userId;
    const workspaceId = (caller?.workspace ?? (await this.workspaces.workspaceOf(userId))).id;
    const voice =
      this.byId.get(resolveVoiceAlias(voiceId)) ??
      (await this.custom.speakingForSpeech(workspaceId, voiceId, caller));
    if (!voice) throw voiceNotFound(voiceId);
    const stored = await settingsRepo.findVoiceSettings(this.db, workspaceId, voice.voiceId);
    return stored ? { ...voice, settings: { ...voice.settings, ...stored } } : voice;
  }

  /** Whether the caller may generate with the voice: premade, or one of the workspace's they may read. */
  async readableFor(caller: ResourceCaller, workspaceId: string, voiceId: string): Promise<boolean> {
    if (this.byId.has(resolveVoiceAlias(voiceId))) return true;
    return (
      (await this.custom.speaking(workspaceId, voiceId, 'read', caller).catch(() => undefined)) !== undefined
    );
  }

  /** The voice ids of one of the caller's collections, or a 404 for another workspace's or none. */
  private async collectionIds(caller: KeyCaller, collectionId: string): Promise<Set<string>> {
    const ids = await this.library?.collectionVoiceIds(await this.workspaceId(caller), collectionId);
    if (!ids)
      throw notFound(
        `A collection with the collection_id ${collectionId} was not found.`,
        'collection_not_found',
      );
    return new Set(ids);
  }

  /** Whether a workspace can speak with the voice: premade, its own, or a library copy still usable. */
  async usableIn(workspaceId: string, voiceId: string): Promise<boolean> {
    if (this.byId.has(resolveVoiceAlias(voiceId))) return true;
    return (await this.custom.speaking(workspaceId, voiceId).catch(() => undefined)) !== undefined;
  }

  private async workspaceId(caller: KeyCaller): Promise<string> {
    return (await callerWorkspace(caller, this.workspaces)).id;
  }

  /** A premade voice, or one of the caller's workspace's own voices, or a 404. */
  private async voiceOf(caller: KeyCaller, voiceId: string): Promise<CatalogueVoice> {
    const premade = this.byId.get(resolveVoiceAlias(voiceId));
    if (premade) return premade;
    const own = await this.custom.speaking(await this.workspaceId(caller), voiceId);
    if (!own) throw voiceNotFound(voiceId);
    return own;
  }

  private customSettings(row: Parameters<typeof speakingVoice>[0], stored: Map<string, StoredVoiceSettings>) {
    return stored.get(row.id) ?? effectiveSettings(speakingVoice(row));
  }

  private async stored(caller: KeyCaller, voiceId: string): Promise<StoredVoiceSettings | undefined> {
    const workspaceId = (await callerWorkspace(caller, this.workspaces)).id;
    return settingsRepo.findVoiceSettings(this.db, workspaceId, voiceId);
  }

  private async storedAll(caller: KeyCaller): Promise<Map<string, StoredVoiceSettings>> {
    const workspaceId = (await callerWorkspace(caller, this.workspaces)).id;
    return settingsRepo.listVoiceSettings(this.db, workspaceId);
  }

  /** The catalogue voice for an id (or an ElevenLabs premade id it stands for), or a 404 `voice_not_found`. */
  profile(voiceId: string): CatalogueVoice {
    const voice = this.byId.get(resolveVoiceAlias(voiceId));
    if (!voice) throw voiceNotFound(voiceId);
    return voice;
  }

  /** An OpenAI voice name (alloy, nova …), a voice_id or a voice name (any case) → a voice, or a 404. */
  forOpenAi(name: string): CatalogueVoice {
    const mapped = OPENAI_VOICE_MAP[name.toLowerCase()];
    const voice =
      this.byId.get(mapped ?? resolveVoiceAlias(name)) ??
      this.catalogue.find((v) => v.name.toLowerCase() === name.toLowerCase());
    if (!voice) throw voiceNotFound(name);
    return voice;
  }

  preview(voiceId: string): Promise<PreviewFile> {
    return this.previews.file(this.profile(voiceId));
  }

  /** Whether the id names a premade voice (whose preview is public) rather than a workspace's own. */
  isPremade(voiceId: string): boolean {
    return this.byId.has(resolveVoiceAlias(voiceId));
  }

  /** A workspace voice with the URL of its preview clip (the clip's version in the query). */
  private presentOwn(
    row: Parameters<typeof presentCustomVoice>[0],
    samples: Parameters<typeof presentCustomVoice>[1],
    settings: Parameters<typeof presentCustomVoice>[2],
    sharing: Voice['sharing'] = null,
    collectionIds: string[] = [],
  ): Voice {
    const version = this.custom.previewVersion(row);
    const url = version === null ? null : `${this.publicUrl}/v1/voices/${row.id}/preview?v=${version}`;
    return presentCustomVoice(row, samples, settings, { previewUrl: url, sharing, collectionIds });
  }

  /** The preview clip of any voice as spoken (a library voice's public preview). */
  previewOf(voice: CatalogueVoice): Promise<PreviewFile> {
    return this.previews.file(voice);
  }

  /** Generates missing previews in the background (called once the server listens). */
  warmPreviews(signal: AbortSignal): Promise<void> {
    return this.previews.warmAll(this.catalogue, signal);
  }

  /** `stored`: the workspace's settings for the voice (null: the voice's own); false: no settings. */
  private present(v: CatalogueVoice, stored: StoredVoiceSettings | null | false): Voice {
    const previewUrl = `${this.publicUrl}/v1/voices/${v.voiceId}/preview?v=${this.previews.version(v)}`;
    const settings = stored === false ? null : (stored ?? effectiveSettings(v));
    return presentVoice(v, { previewUrl, settings });
  }
}

const TOKEN_PREFIX = 'o:';
const encodeToken = (offset: number) => Buffer.from(`${TOKEN_PREFIX}${offset}`).toString('base64url');
function decodeToken(token: string): number {
  const raw = Buffer.from(token, 'base64url').toString();
  const offset = raw.startsWith(TOKEN_PREFIX) ? Number(raw.slice(TOKEN_PREFIX.length)) : NaN;
  if (!Number.isInteger(offset) || offset < 0)
    throw badRequest('Invalid next_page_token.', 'invalid_page_token');
  return offset;
}
