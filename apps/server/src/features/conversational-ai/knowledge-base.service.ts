/**
 * The knowledge base (conversationalAi.knowledgeBase.*, decision 154): documents from text, files (txt, md,
 * html) and URLs, split into passages that PostgreSQL full-text search ranks; attached to agents by their
 * prompt's knowledge_base list.
 */
import {
  chunkText,
  htmlToText,
  markdownToText,
  MAX_DOCUMENT_BYTES,
} from '@vocalis/domain/conversational-ai/knowledge-text';
import type { ResourceAction } from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { isPrivateAddressRefusal, publicFetch } from '../../lib/public-fetch';
import type { Principal } from '../../plugins/auth';
import type { UploadedFile } from '../voices/voice-samples';
import * as repo from './knowledge-base.repo';

const documentNotFound = (id: string) =>
  notFound(`Knowledge base document with id ${id} was not found.`, 'knowledge_base_document_not_found');

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export class KnowledgeBaseService {
  constructor(
    private readonly db: AppDb,
    private readonly workspaceOf: (caller: Principal) => Promise<{ id: string }>,
    private readonly outbound: { allowPrivate: boolean },
  ) {}

  private access(caller: Principal): Promise<ResourceAccess> {
    return ResourceAccess.load(this.db, caller, 'convai_knowledge_base_documents');
  }

  /**
   * The document, when the caller may `action` it (shared resources, decisions 165, 262): one they may not
   * read answers 404 like another workspace's, one they may read but not change 403.
   */
  private async document(caller: Principal, id: string, action: ResourceAction = 'read') {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.access(caller);
    const row = await repo.findDocument(this.db, workspaceId, id);
    if (!row) throw documentNotFound(id);
    access.require(row.id, row.createdBy, action, () => documentNotFound(id));
    return { workspaceId, row, access };
  }

  /** A document's text as kept: trimmed, not empty, within the size limit, cut into passages. */
  private text(raw: string) {
    const text = raw.trim();
    if (!text) throw badRequest('The document has no text.', 'empty_document');
    const sizeBytes = Buffer.byteLength(text);
    if (sizeBytes > MAX_DOCUMENT_BYTES)
      throw badRequest(
        `The document's text is ${sizeBytes} bytes; at most ${MAX_DOCUMENT_BYTES} are kept.`,
        'document_too_large',
      );
    return { text, sizeBytes, chunks: chunkText(text) };
  }

  private async add(
    caller: Principal,
    input: { name: string; type: 'text' | 'file' | 'url'; url?: string; content: string },
  ): Promise<{ id: string; name: string }> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const { text: content, sizeBytes, chunks } = this.text(input.content);
    const id = newId();
    await repo.insertDocument(
      this.db,
      {
        id,
        workspaceId,
        createdBy: caller.userId,
        name: input.name,
        type: input.type,
        url: input.url ?? null,
        content,
        sizeBytes,
      },
      chunks,
    );
    return { id, name: input.name };
  }

  addText(caller: Principal, input: { text: string; name?: string | null }) {
    return this.add(caller, {
      name: input.name?.trim() || input.text.trim().slice(0, 60),
      type: 'text',
      content: input.text,
    });
  }

  addFile(caller: Principal, file: UploadedFile, name?: string | null) {
    const lower = (file.filename || '').toLowerCase();
    if (file.truncated) throw badRequest('The file is larger than 20 MB.', 'file_too_large');
    const raw = file.data.toString('utf8');
    let content: string;
    if (lower.endsWith('.html') || lower.endsWith('.htm') || file.mimetype === 'text/html')
      content = htmlToText(raw);
    else if (lower.endsWith('.md') || file.mimetype === 'text/markdown') content = markdownToText(raw);
    else if (lower.endsWith('.txt') || file.mimetype.startsWith('text/')) content = raw;
    else
      throw badRequest(
        'Only text files are read here: txt, md and html (pdf, docx and epub are not supported yet).',
        'unsupported_file_type',
      );
    return this.add(caller, { name: name?.trim() || file.filename || 'document', type: 'file', content });
  }

  async addUrl(caller: Principal, input: { url: string; name?: string | null }) {
    let res: Response;
    try {
      res = await publicFetch(new URL(input.url), {
        allowPrivate: this.outbound.allowPrivate,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      if (isPrivateAddressRefusal(err))
        throw badRequest('This URL points to a private network address.', 'url_refused');
      throw badRequest(`The page at ${input.url} could not be fetched.`, 'url_unreachable');
    }
    if (!res.ok) throw badRequest(`The page at ${input.url} answered ${res.status}.`, 'url_unreachable');
    const type = res.headers.get('content-type') ?? '';
    const body = await res.text();
    if (!/text\/|html|markdown/.test(type))
      throw badRequest('The URL is not a text or HTML page.', 'unsupported_file_type');
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
    const content = type.includes('html') ? htmlToText(body) : body;
    return this.add(caller, {
      name: input.name?.trim() || title || input.url,
      type: 'url',
      url: input.url,
      content,
    });
  }

  private summary(
    row: repo.DocumentRow,
    userId: string,
    access: ResourceAccess,
    dependents: { id: string; name: string }[] | null,
  ) {
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      ...(row.type === 'url' && { url: row.url ?? '' }),
      metadata: {
        created_at_unix_secs: unix(row.createdAt),
        last_updated_at_unix_secs: unix(row.createdAt),
        size_bytes: row.sizeBytes,
      },
      supported_usages: ['auto', 'prompt'],
      access_info: {
        is_creator: row.createdBy === userId,
        creator_name: '',
        creator_email: '',
        role: access.level(row.id, row.createdBy),
      },
      ...(dependents && {
        dependent_agents: dependents.map((a) => ({
          type: 'available',
          id: a.id,
          name: a.name,
          created_at_unix_secs: 0,
          access_level: 'admin',
        })),
      }),
    };
  }

  async list(caller: Principal, q: { page_size: number; search?: string; cursor?: string }) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.access(caller);
    const offset = q.cursor ? Number(q.cursor) || 0 : 0;
    const rows = await repo.listDocuments(this.db, workspaceId, {
      visible: access.visibility(),
      limit: q.page_size + 1,
      offset,
      search: q.search?.trim() || undefined,
    });
    const page = rows.slice(0, q.page_size);
    const documents = await Promise.all(
      page.map(async (r) =>
        this.summary(r, caller.userId, access, await repo.dependentAgentIds(this.db, workspaceId, r.id)),
      ),
    );
    const hasMore = rows.length > q.page_size;
    return { documents, has_more: hasMore, next_cursor: hasMore ? String(offset + q.page_size) : null };
  }

  async get(caller: Principal, id: string) {
    const { row, access } = await this.document(caller, id);
    return {
      ...this.summary(row, caller.userId, access, null),
      extracted_inner_html: row.content,
      ...(row.type === 'file' && { filename: row.name }),
    };
  }

  /** knowledgeBase.documents.update: a new name and/or new text (its passages are cut again). */
  async update(caller: Principal, id: string, body: { name?: string; content?: string }) {
    const { workspaceId } = await this.document(caller, id, 'edit');
    await repo.updateDocument(this.db, workspaceId, id, {
      name: body.name?.trim() || undefined,
      content: body.content === undefined ? undefined : this.text(body.content),
    });
    return this.get(caller, id);
  }

  async content(caller: Principal, id: string): Promise<string> {
    return (await this.document(caller, id)).row.content;
  }

  async dependentAgents(caller: Principal, id: string) {
    const { workspaceId } = await this.document(caller, id);
    const agents = await repo.dependentAgentIds(this.db, workspaceId, id);
    return {
      agents: agents.map((a) => ({
        type: 'available',
        id: a.id,
        name: a.name,
        created_at_unix_secs: 0,
        access_level: 'admin',
      })),
      has_more: false,
    };
  }

  /** Refused while agents use the document, unless `force`. */
  async delete(caller: Principal, id: string, force: boolean): Promise<void> {
    const { workspaceId } = await this.document(caller, id, 'delete');
    const dependents = await repo.dependentAgentIds(this.db, workspaceId, id);
    if (dependents.length && !force)
      throw conflict(
        `The document is used by ${dependents.length} agent(s) (${dependents.map((a) => a.name).join(', ')}): detach it first or delete with force=true.`,
        'document_has_dependent_agents',
      );
    if (!(await repo.deleteDocument(this.db, workspaceId, id))) throw documentNotFound(id);
  }

  /** Ranked passages for a query (the same search the agents use). */
  async search(caller: Principal, query: string, documentIds: string[] | undefined) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.access(caller);
    // Only documents the caller may read: named ones they may not read answer 404 as when reading them.
    if (documentIds?.length) for (const id of documentIds) await this.document(caller, id);
    const ids = documentIds?.length
      ? documentIds
      : (
          await repo.listDocuments(this.db, workspaceId, {
            visible: access.visibility(),
            limit: 1000,
            offset: 0,
          })
        ).map((d) => d.id);
    return repo.searchPassages(this.db, workspaceId, ids, query, 10);
  }
}
