/**
 * Pronunciation dictionaries (pronunciationDictionaries.*, decision 133): created from a PLS file or from
 * rules, renamed, archived; every change to the rules makes a new version, and old versions stay usable by
 * their locators. `rulesFor` gives text to speech (and Studio through it) the rules of up to three locators.
 */
import type { RuleInput } from '@vocalis/contracts/pronunciation-dictionaries';
import {
  addRules,
  MAX_LOCATORS,
  removeRules,
  type Rule,
} from '@vocalis/domain/pronunciation/pronunciation-rules';
import type { ResourceAction, ResourceRole } from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess, type ResourceCaller } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import type { PronunciationRule } from '../../db/schema/studio';
import { AppError, badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import type { UsageService } from '../usage/usage.service';
import type { UploadedFile } from '../voices/voice-samples';
import { parsePls, writePls } from './pls';
import * as repo from './pronunciation.repo';

const dictionaryNotFound = () =>
  notFound('Pronunciation dictionary not found.', 'pronunciation_dictionary_not_found');
const versionNotFound = () =>
  notFound('Pronunciation dictionary version not found.', 'pronunciation_dictionary_version_not_found');
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const clean = (rules: RuleInput[]): PronunciationRule[] =>
  rules.map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).filter(([, v]) => v !== null && v !== undefined),
      ) as PronunciationRule,
  );

export class PronunciationService {
  constructor(
    private readonly db: AppDb,
    private readonly usage: UsageService,
  ) {}

  private async ws(caller: Principal) {
    return caller.workspace ?? (await this.usage.workspaceOf(caller.userId));
  }

  private access(caller: Principal) {
    return ResourceAccess.load(this.db, caller, 'pronunciation_dictionary');
  }

  /**
   * The dictionary, when the caller may `action` it (shared resources, decision 165): one they may not read
   * answers 404 like another workspace's, one they may read but not change 403.
   */
  private async dictionary(caller: Principal, id: string, action: ResourceAction = 'read') {
    const d = await repo.findDictionary(this.db, (await this.ws(caller)).id, id);
    if (!d) throw dictionaryNotFound();
    const access = await this.access(caller);
    access.require(d.id, d.createdByUserId, action, dictionaryNotFound);
    return { d, role: access.level(d.id, d.createdByUserId) as ResourceRole };
  }

  private async create(
    caller: Principal,
    input: { name: string; description?: string | null },
    rules: PronunciationRule[],
  ) {
    const ws = await this.ws(caller);
    const id = newId();
    const versionId = newId();
    await this.db.transaction((tx) =>
      repo.insertDictionary(
        tx,
        {
          id,
          workspaceId: ws.id,
          createdByUserId: caller.userId,
          name: input.name,
          description: input.description ?? null,
          latestVersionId: versionId,
        },
        rules,
      ),
    );
    return {
      id,
      name: input.name,
      created_by: caller.userId,
      creation_time_unix: Math.floor(Date.now() / 1000),
      version_id: versionId,
      version_rules_num: rules.length,
      description: input.description ?? null,
      permission_on_resource: 'admin' as const,
    };
  }

  fromRules(caller: Principal, body: { name: string; description?: string | null; rules: RuleInput[] }) {
    return this.create(caller, body, clean(body.rules));
  }

  fromFile(caller: Principal, fields: { name: string; description?: string }, file: UploadedFile | null) {
    if (!file) throw badRequest('Attach the PLS file as `file`.', 'invalid_pls');
    if (file.truncated) throw badRequest('The PLS file is larger than 2 MB.', 'invalid_pls');
    return this.create(caller, fields, parsePls(file.data.toString('utf8')) as PronunciationRule[]);
  }

  private async present(d: repo.DictionaryRow, role: ResourceRole) {
    const [v] = await repo.versionsByIds(this.db, [d.latestVersionId]);
    return {
      meta: {
        id: d.id,
        latest_version_id: d.latestVersionId,
        latest_version_rules_num: v?.rules.length ?? 0,
        name: d.name,
        permission_on_resource: role,
        created_by: d.createdByUserId ?? '',
        creation_time_unix: unix(d.createdAt)!,
        archived_time_unix: unix(d.archivedAt),
        description: d.description,
      },
      rules: (v?.rules ?? []) as RuleInput[],
    };
  }

  async get(caller: Principal, id: string) {
    const { d, role } = await this.dictionary(caller, id);
    const p = await this.present(d, role);
    return { ...p.meta, rules: p.rules };
  }

  async list(
    caller: Principal,
    q: {
      cursor?: string;
      page_size: number;
      sort: 'creation_time_unix' | 'name';
      sort_direction: 'ASCENDING' | 'DESCENDING';
    },
  ) {
    const offset = q.cursor ? Number.parseInt(q.cursor, 10) || 0 : 0;
    const access = await this.access(caller);
    const rows = await repo.listDictionaries(this.db, (await this.ws(caller)).id, {
      visible: access.visibility(),
      limit: q.page_size + 1,
      offset,
      byName: q.sort === 'name',
      ascending: q.sort_direction === 'ASCENDING',
    });
    const page = rows.slice(0, q.page_size);
    const has_more = rows.length > q.page_size;
    return {
      pronunciation_dictionaries: await Promise.all(
        page.map(
          async (d) => (await this.present(d, access.level(d.id, d.createdByUserId) as ResourceRole)).meta,
        ),
      ),
      next_cursor: has_more ? String(offset + q.page_size) : null,
      has_more,
    };
  }

  async update(caller: Principal, id: string, body: { name?: string | null; archived?: boolean | null }) {
    const { d, role } = await this.dictionary(caller, id, 'edit');
    const row = await repo.updateDictionary(this.db, d.id, {
      ...(body.name && { name: body.name }),
      ...(body.archived != null && { archivedAt: body.archived ? (d.archivedAt ?? new Date()) : null }),
    });
    return (await this.present(row!, role)).meta;
  }

  private async change(caller: Principal, id: string, next: (rules: Rule[]) => Rule[]) {
    const { d } = await this.dictionary(caller, id, 'edit');
    const versionId = newId();
    const rules = await this.db.transaction(async (tx) => {
      const [v] = await repo.versionsByIds(tx, [d.latestVersionId]);
      const r = next((v?.rules ?? []) as Rule[]) as PronunciationRule[];
      await repo.addVersion(tx, d, versionId, r);
      return r;
    });
    return { id: d.id, version_id: versionId, version_rules_num: rules.length };
  }

  add = (caller: Principal, id: string, rules: RuleInput[]) =>
    this.change(caller, id, (r) => addRules(r, clean(rules)));
  remove = (caller: Principal, id: string, strings: string[]) =>
    this.change(caller, id, (r) => removeRules(r, strings));
  set = (caller: Principal, id: string, rules: RuleInput[]) => this.change(caller, id, () => clean(rules));

  async download(caller: Principal, dictionaryId: string, versionId: string): Promise<string> {
    const { d } = await this.dictionary(caller, dictionaryId).catch((e: unknown) => {
      throw e instanceof AppError && e.statusCode === 404 ? versionNotFound() : e;
    });
    const v = await repo.findVersion(this.db, d.workspaceId, dictionaryId, versionId);
    if (!v) throw versionNotFound();
    return writePls(v.rules as Rule[]);
  }

  /** The rules of each locator, in order (latest version when version_id is missing); 400 for an unknown one. */
  /**
   * The rules of a request's locators, in order. Given the caller as the auth hook resolved it, a dictionary
   * they may not read (shared resources, decision 261) answers the same 404 as an unknown one, so a locator
   * never confirms another member's private dictionary. A bare user id is work already checked where it
   * began (a Studio conversion or take speaking the project's stored locators).
   */
  async rulesFor(
    who: string | ResourceCaller,
    locators: { pronunciation_dictionary_id: string; version_id?: string | null }[],
  ): Promise<Rule[][]> {
    if (locators.length > MAX_LOCATORS)
      throw badRequest(
        `At most ${MAX_LOCATORS} pronunciation dictionaries can be applied.`,
        'too_many_pronunciation_dictionaries',
      );
    const caller = typeof who === 'string' ? undefined : who;
    const userId = typeof who === 'string' ? who : who.userId;
    const ws = caller?.workspace ?? (await this.usage.workspaceOf(userId));
    const access = caller && (await ResourceAccess.load(this.db, caller, 'pronunciation_dictionary'));
    const out: Rule[][] = [];
    for (const l of locators) {
      const found = await repo.findDictionary(this.db, ws.id, l.pronunciation_dictionary_id);
      const d = found && (!access || access.can(found.id, found.createdByUserId, 'read')) ? found : undefined;
      const v = d && (await repo.findVersion(this.db, ws.id, d.id, l.version_id ?? d.latestVersionId));
      if (!v)
        throw notFound(
          `Pronunciation dictionary ${l.pronunciation_dictionary_id}${l.version_id ? ` version ${l.version_id}` : ''} was not found.`,
          'pronunciation_dictionary_not_found',
        );
      out.push(v.rules as Rule[]);
    }
    return out;
  }
}
