import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { zipSync, strToU8 } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };
type RawChapter = { name: string; content: { blocks: { sub_type: string; nodes: { text: string }[] }[] } };

async function failure(p: Promise<unknown>): Promise<{ status: number; body: Detail }> {
  try {
    await p;
  } catch (e) {
    const err = e as ElevenLabsError;
    return { status: err.statusCode!, body: err.body as Detail };
  }
  throw new Error('expected a failure');
}

const xhtml = (body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;

/** A minimal EPUB 3: container, package with a spine of two chapters (listed out of file order). */
function epub(chapters: [string, string][]): Uint8Array {
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title></metadata><manifest>${chapters
        .map(([id]) => `<item id="${id}" href="text/${id}.xhtml" media-type="application/xhtml+xml"/>`)
        .join(
          '',
        )}</manifest><spine>${chapters.map(([id]) => `<itemref idref="${id}"/>`).join('')}</spine></package>`,
    ),
  };
  for (const [id, body] of chapters) files[`OEBPS/text/${id}.xhtml`] = strToU8(xhtml(body));
  return zipSync(files);
}

/** A minimal DOCX: WordprocessingML with Heading1 styled paragraphs. */
function docx(paragraphs: [style: string | null, text: string][]): Uint8Array {
  const body = paragraphs
    .map(
      ([style, text]) =>
        `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`,
    )
    .join('');
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>`;
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ),
    'word/styles.xml': strToU8(styles),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

/** A two-page PDF: a 24 pt title per page over 12 pt body lines. */
async function pdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = (title: string, lines: string[][]) => {
    const p = doc.addPage([595, 842]);
    p.drawText(title, { x: 50, y: 760, size: 24, font });
    let y = 720;
    for (const para of lines) {
      for (const l of para) {
        p.drawText(l, { x: 50, y, size: 12, font });
        y -= 15;
      }
      y -= 20;
    }
  };
  page('The Beginning', [
    ['It was a bright cold day in April, and the', 'clocks were striking thirteen.'],
    ['A second paragraph.'],
  ]);
  page('The End', [['Nothing more to say.']]);
  return doc.save();
}

describe(`studio document and URL import on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let site: http.Server;
  let siteUrl = '';
  let pdfBytes: Uint8Array;

  const chapters = async (projectId: string) => {
    const list = (await (
      await app.request(`/v1/studio/projects/${projectId}/chapters`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json()) as { chapters: { chapter_id: string }[] };
    return Promise.all(
      list.chapters.map(
        async (c) =>
          (await (
            await app.request(`/v1/studio/projects/${projectId}/chapters/${c.chapter_id}`, {
              headers: { 'xi-api-key': owner.apiKey },
            })
          ).json()) as RawChapter,
      ),
    );
  };
  const shape = (cs: RawChapter[]) =>
    cs.map((c) => ({
      name: c.name,
      blocks: c.content.blocks.map((b) => [b.sub_type, b.nodes.map((n) => n.text).join('')]),
    }));

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    await app.database.db.execute(
      `update workspaces set subscription_tier = 'creator' where id = '${owner.workspaceId}'`,
    );
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    pdfBytes = await pdf();
    const article = `<!doctype html><html><head><title>The Lighthouse Keeper - Daily Tides</title></head><body>
      <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
      <aside class="sidebar">Subscribe to our newsletter! Advertisement.</aside>
      <article><h1>The Lighthouse Keeper</h1>
      <p>For forty years the keeper climbed the spiral stairs each evening to light the great lamp, and for forty years no ship was lost on the rocks below the cliff.</p>
      <p>When the automatic beacon arrived he stayed on anyway, polishing brass that no longer needed polishing, and writing letters to the sailors who had passed his light.</p>
      <p>The village still tells the story of the winter storm when the new beacon failed and the old keeper lit the lamp by hand one last time.</p></article>
      <footer>Copyright Daily Tides. All rights reserved.</footer></body></html>`;
    site = http.createServer((req, res) => {
      if (req.url === '/article')
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
      else if (req.url === '/book.pdf')
        res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(pdfBytes));
      else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let n = 0;
        const more = () => {
          while (n < 12 && res.write(chunk)) n++;
          if (n >= 12) res.end();
          else res.once('drain', () => (n++, more()));
        };
        more();
      } else res.writeHead(404).end('missing');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    site?.close();
    await app?.close();
  });

  it('imports an epub: spine order, headings start chapters and stay as title blocks', async () => {
    const file = epub([
      ['c1', '<h1>Chapter One</h1><p>The first paragraph.</p><p>The <em>second</em> paragraph.</p>'],
      ['c2', '<h1>Chapter Two</h1><p>The last words.</p>'],
    ]);
    const { project } = await client.studio.projects.create({
      name: 'Epub',
      fromDocument: new File([Buffer.from(file)], 'book.epub', { type: 'application/epub+zip' }),
    });
    expect(shape(await chapters(project.projectId))).toEqual([
      {
        name: 'Chapter One',
        blocks: [
          ['h1', 'Chapter One'],
          ['p', 'The first paragraph.'],
          ['p', 'The second paragraph.'],
        ],
      },
      {
        name: 'Chapter Two',
        blocks: [
          ['h1', 'Chapter Two'],
          ['p', 'The last words.'],
        ],
      },
    ]);
  });

  it('makes each spine document a chapter when an epub has no headings', async () => {
    const file = epub([
      ['a', '<p>Alpha text.</p>'],
      ['b', '<p>Beta text.</p>'],
    ]);
    const { project } = await client.studio.projects.create({
      name: 'Plain epub',
      fromDocument: new File([Buffer.from(file)], 'plain.epub'),
    });
    expect(shape(await chapters(project.projectId))).toEqual([
      { name: 'Chapter 1', blocks: [['p', 'Alpha text.']] },
      { name: 'Chapter 2', blocks: [['p', 'Beta text.']] },
    ]);
  });

  it('imports a docx: Heading 1 paragraphs start chapters, Heading 2 stays a heading block', async () => {
    const file = docx([
      ['Heading1', 'Prologue'],
      [null, 'Before it all began.'],
      ['Heading2', 'A scene'],
      [null, 'Rain.'],
      ['Heading1', 'Part Two'],
      [null, 'After.'],
    ]);
    const { project } = await client.studio.projects.create({
      name: 'Docx',
      fromDocument: new File([Buffer.from(file)], 'novel.docx'),
    });
    expect(shape(await chapters(project.projectId))).toEqual([
      {
        name: 'Prologue',
        blocks: [
          ['h1', 'Prologue'],
          ['p', 'Before it all began.'],
          ['h2', 'A scene'],
          ['p', 'Rain.'],
        ],
      },
      {
        name: 'Part Two',
        blocks: [
          ['h1', 'Part Two'],
          ['p', 'After.'],
        ],
      },
    ]);
  });

  it('imports a pdf: larger lines are chapter titles, close lines join into paragraphs', async () => {
    const { project } = await client.studio.projects.create({
      name: 'Pdf',
      fromDocument: new File([Buffer.from(pdfBytes)], 'book.pdf', { type: 'application/pdf' }),
    });
    expect(shape(await chapters(project.projectId))).toEqual([
      {
        name: 'The Beginning',
        blocks: [
          ['h1', 'The Beginning'],
          ['p', 'It was a bright cold day in April, and the clocks were striking thirteen.'],
          ['p', 'A second paragraph.'],
        ],
      },
      {
        name: 'The End',
        blocks: [
          ['h1', 'The End'],
          ['p', 'Nothing more to say.'],
        ],
      },
    ]);
  });

  it('answers 400 invalid_document for a broken epub, docx or pdf and stores nothing', async () => {
    const before = (await client.studio.projects.list()).projects.length;
    for (const [name, data] of [
      ['broken.epub', Buffer.from('PK not really a zip')],
      ['broken.docx', Buffer.from(zipSync({ 'hello.txt': strToU8('no word document here') }))],
      ['broken.pdf', Buffer.from('%PDF-1.7 garbage')],
    ] as const) {
      const res = await failure(
        client.studio.projects.create({ name: 'Broken', fromDocument: new File([data], name) }),
      );
      expect(res.status).toBe(400);
      expect(res.body.detail.status).toBe('invalid_document');
      expect(res.body.detail.message).toMatch(/^The file is not a readable (EPUB|DOCX|PDF) document\.$/);
    }
    expect((await client.studio.projects.list()).projects.length).toBe(before);
  });

  it('refuses an epub that unpacks past 50 MB', async () => {
    const big = zipSync({ 'META-INF/container.xml': new Uint8Array(51 * 1024 * 1024) }, { level: 1 });
    expect(big.length).toBeLessThan(1024 * 1024);
    const res = await failure(
      client.studio.projects.create({ name: 'Bomb', fromDocument: new File([big], 'bomb.epub') }),
    );
    expect(res).toEqual({
      status: 400,
      body: { detail: { status: 'document_too_large', message: 'The EPUB unpacks to more than 50 MB.' } },
    });
  });

  it('creates a project from a URL: the article without navigation, sidebar or footer', async () => {
    const { project } = await client.studio.projects.create({ name: 'Web', fromUrl: `${siteUrl}/article` });
    const [chapter, ...rest] = await chapters(project.projectId);
    expect(rest).toEqual([]);
    // Readability keeps the page's title; the article's own h1 repeats it and is dropped.
    expect(chapter!.name).toBe('The Lighthouse Keeper - Daily Tides');
    const texts = chapter!.content.blocks.map((b) => b.nodes[0]!.text);
    expect(chapter!.content.blocks[0]!.sub_type).toBe('h1');
    expect(texts).toHaveLength(4);
    expect(texts[1]).toMatch(/^For forty years the keeper climbed/);
    expect(texts.join(' ')).not.toMatch(/Subscribe|Copyright|Sport/);
  });

  it('replaces content and adds a chapter from a URL; a URL serving a pdf is read as one', async () => {
    const { project } = await client.studio.projects.create({ name: 'Later' });
    await client.studio.projects.content.update(project.projectId, { fromUrl: `${siteUrl}/book.pdf` });
    expect((await chapters(project.projectId)).map((c) => c.name)).toEqual(['The Beginning', 'The End']);
    const { chapter } = await client.studio.projects.chapters.create(project.projectId, {
      name: 'From the web',
      fromUrl: `${siteUrl}/article`,
    });
    const added = (await chapters(project.projectId)).find((c) => c.name === 'From the web')!;
    expect(added.content.blocks.length).toBe(4);
    expect(chapter.name).toBe('From the web');
  });

  it('refuses other schemes, error answers and pages over 10 MB', async () => {
    const cases: [string, string][] = [
      ['file:///etc/passwd', 'invalid_url'],
      ['ftp://127.0.0.1/x', 'invalid_url'],
      [`${siteUrl}/missing`, 'url_unreachable'],
      [`${siteUrl}/huge`, 'document_too_large'],
    ];
    for (const [url, code] of cases) {
      const res = await failure(client.studio.projects.create({ name: 'Bad url', fromUrl: url }));
      expect([res.status, res.body.detail.status]).toEqual([400, code]);
    }
  });
});

describe(`studio URL import without OUTBOUND_ALLOW_PRIVATE on ${process.env.TEST_DB}`, () => {
  it('refuses a loopback address', async () => {
    const app = await startTestApp();
    try {
      const user = await createTestUser(app);
      await app.database.db.execute(
        `update workspaces set subscription_tier = 'creator' where id = '${user.workspaceId}'`,
      );
      const res = await app.request('/v1/studio/projects', {
        method: 'POST',
        headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Local', from_url: 'http://127.0.0.1:9/x' }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Detail).detail.status).toBe('url_refused');
    } finally {
      await app.close();
    }
  }, 60_000);
});
