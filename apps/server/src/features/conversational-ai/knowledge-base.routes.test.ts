import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { convaiKnowledgeChunks, convaiKnowledgeDocuments } from '../../db/schema/conversational-ai';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };
type Event = {
  type: string;
  agent_response_event?: { agent_response: string };
  conversation_initiation_metadata_event?: { conversation_id: string };
};

const HOURS =
  'Opening hours. The shop opens at nine in the morning from Monday to Saturday. On Sunday the shop opens at eleven and closes at four.';
const PARKING =
  'Parking. Customers park for free in the garage behind the building; the entrance is on Mill Street.';

describe(`knowledge base on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let page: http.Server;
  let pageUrl: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    page = http.createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<html><head><title>Returns policy</title><script>var x=1</script></head><body><p>Returns are accepted within thirty days with a receipt.</p></body></html>`,
        ),
    );
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/returns`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((r) => page?.close(r));
    await app?.close();
  });

  it('adds documents from text, a Markdown file and a web page, lists and gets them with their text', async () => {
    const text = await client.conversationalAi.knowledgeBase.documents.createFromText({
      text: HOURS,
      name: 'Opening hours',
    });
    const file = await client.conversationalAi.knowledgeBase.documents.createFromFile({
      file: new File([`# Parking\n\n${PARKING}`], 'parking.md', { type: 'text/markdown' }),
    });
    const url = await client.conversationalAi.knowledgeBase.documents.createFromUrl({ url: pageUrl });
    expect(url.name).toBe('Returns policy');
    const list = await client.conversationalAi.knowledgeBase.list({});
    expect(list.documents.map((d) => d.name).sort()).toEqual([
      'Opening hours',
      'Returns policy',
      'parking.md',
    ]);
    const got = await client.conversationalAi.knowledgeBase.documents.get(url.id);
    expect(got).toMatchObject({ type: 'url', url: pageUrl });
    expect((got as { extractedInnerHtml: string }).extractedInnerHtml).toBe(
      'Returns are accepted within thirty days with a receipt.',
    );
    const parking = await client.conversationalAi.knowledgeBase.documents.get(file.id);
    expect((parking as { extractedInnerHtml: string }).extractedInnerHtml).toContain('Mill Street');
    expect((parking as { extractedInnerHtml: string }).extractedInnerHtml).not.toContain('#');
    const chunks = await app.database.db
      .select({ n: count() })
      .from(convaiKnowledgeChunks)
      .where(eq(convaiKnowledgeChunks.documentId, text.id));
    expect(chunks[0]!.n).toBe(1);

    const search = (await (
      await app.request(
        `/v1/convai/knowledge-base/search?query=${encodeURIComponent('where do I park my car')}`,
        {
          headers: { 'xi-api-key': owner.apiKey },
        },
      )
    ).json()) as { passages: { document_id: string }[] };
    expect(search.passages[0]!.document_id).toBe(file.id);
  });

  it('refuses unsupported files and empty text, keeping nothing; another workspace sees nothing', async () => {
    const n = async () => (await app.database.db.select({ n: count() }).from(convaiKnowledgeDocuments))[0]!.n;
    const before = await n();
    const form = new FormData();
    form.append(
      'file',
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'manual.pdf', { type: 'application/pdf' }),
    );
    const pdf = await app.request('/v1/convai/knowledge-base/file', {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey },
      body: form,
    });
    expect(pdf.status).toBe(400);
    expect(((await pdf.json()) as Detail).detail.status).toBe('unsupported_file_type');
    const blank = await app.request('/v1/convai/knowledge-base/text', {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: '   ' }),
    });
    expect(blank.status).toBe(400);
    expect(await n()).toBe(before);

    const mine = (await client.conversationalAi.knowledgeBase.list({})).documents[0]!;
    const otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    expect((await otherClient.conversationalAi.knowledgeBase.list({})).documents).toEqual([]);
    const e = (await otherClient.conversationalAi.knowledgeBase.documents
      .get(mine.id)
      .catch((x: unknown) => x)) as ElevenLabsError;
    expect(e.statusCode).toBe(404);
    const agent = await app.request('/v1/convai/agents/create', {
      method: 'POST',
      headers: { 'xi-api-key': other.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        conversation_config: {
          agent: { prompt: { knowledge_base: [{ type: 'text', name: 'x', id: mine.id }] } },
        },
      }),
    });
    expect(agent.status).toBe(400);
  });

  it('an agent without a language model answers from its documents, as retrieval, and cites the passage', async () => {
    const docs = (await client.conversationalAi.knowledgeBase.list({})).documents;
    const hours = docs.find((d) => d.name === 'Opening hours')!;
    const parking = docs.find((d) => d.name === 'parking.md')!;
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Shop helper',
      conversationConfig: {
        agent: {
          firstMessage: 'Ask me about the shop.',
          prompt: {
            knowledgeBase: [
              { type: 'text', name: hours.name, id: hours.id },
              { type: 'file', name: parking.name, id: parking.id },
            ],
          },
        },
        conversation: { textOnly: true },
      },
    });
    expect(
      (
        (await (
          await app.request(`/v1/convai/agents/${agentId}`, { headers: { 'xi-api-key': owner.apiKey } })
        ).json()) as { mode: string }
      ).mode,
    ).toBe('retrieval');
    const dependents = await client.conversationalAi.knowledgeBase.documents.getAgents(hours.id);
    expect(dependents.agents).toEqual([expect.objectContaining({ id: agentId, name: 'Shop helper' })]);

    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`, [
      'convai',
    ]);
    const events: Event[] = [];
    const next = (match: (e: Event) => boolean) =>
      new Promise<Event>((resolve) => {
        const found = events.find(match);
        if (found) return resolve(found);
        const on = (data: Buffer) => {
          const e = JSON.parse(data.toString()) as Event;
          if (!match(e)) return;
          ws.off('message', on);
          resolve(e);
        };
        ws.on('message', on);
      });
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as Event));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
    const meta = await next((e) => e.type === 'conversation_initiation_metadata');
    await next((e) => e.type === 'agent_response');
    ws.send(JSON.stringify({ type: 'user_message', text: 'When do you open on Sunday?' }));
    const answer = await next(
      (e) =>
        e.type === 'agent_response' && e.agent_response_event!.agent_response !== 'Ask me about the shop.',
    );
    expect(answer.agent_response_event!.agent_response).toBe(
      `From the knowledge base, Opening hours: ${HOURS}`,
    );
    ws.send(JSON.stringify({ type: 'user_message', text: 'Do you sell bicycles?' }));
    const none = await next(
      (e) => e.type === 'agent_response' && /nothing/.test(e.agent_response_event!.agent_response),
    );
    expect(none.agent_response_event!.agent_response).toBe(
      'I found nothing about that in my knowledge base.',
    );
    ws.close(1000);
    const id = meta.conversation_initiation_metadata_event!.conversation_id;
    const deadline = Date.now() + 20_000;
    let conversation = await client.conversationalAi.conversations.get(id);
    while (conversation.status !== 'done' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      conversation = await client.conversationalAi.conversations.get(id);
    }
    const cited = conversation.transcript.find((t) =>
      t.message?.startsWith('From the knowledge base'),
    ) as unknown as {
      retrieved_passages: { document_id: string }[];
    };
    expect(cited.retrieved_passages[0]!.document_id).toBe(hours.id);

    const refused = await app.request(`/v1/convai/knowledge-base/${hours.id}`, {
      method: 'DELETE',
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Detail).detail.status).toBe('document_has_dependent_agents');
    const forced = await app.request(`/v1/convai/knowledge-base/${hours.id}?force=true`, {
      method: 'DELETE',
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(forced.status).toBe(200);
    const chunks = await app.database.db
      .select({ n: count() })
      .from(convaiKnowledgeChunks)
      .where(eq(convaiKnowledgeChunks.documentId, hours.id));
    expect(chunks[0]!.n).toBe(0);
  }, 60_000);
});
