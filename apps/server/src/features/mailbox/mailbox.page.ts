import type { PresentedMail } from './mailbox.presenter';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Server-rendered so it works even when the web app is not built. */
export function renderMailbox(messages: PresentedMail[]): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${esc(m.subject)}</strong><span>${esc(m.to)} · ${new Date(m.created_at_unix_ms).toISOString()} · ${esc(m.status)}</span></header>
  ${m.links.length ? `<ul>${m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('')}</ul>` : ''}
  <pre>${esc(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · Vocalis</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f6f7;color:#18181b}
main{max-width:860px;margin:0 auto;padding:32px 20px}
h1{font-size:22px;margin:0 0 4px}p.sub{color:#71717a;margin:0 0 24px}
article{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:16px 20px;margin:0 0 16px}
header{display:flex;flex-direction:column;gap:2px;margin-bottom:8px}header span{color:#71717a;font-size:13px}
pre{white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace;background:#fafafa;border-radius:8px;padding:12px;margin:8px 0 0}
a{color:#4f46e5;word-break:break-all}ul{margin:4px 0;padding-left:20px}
</style></head><body><main>
<h1>Mailbox</h1><p class="sub">Mail kept by the outbox transport (${messages.length} message${messages.length === 1 ? '' : 's'}, newest first).</p>
${items || '<p>No mail has been sent yet.</p>'}
</main></body></html>`;
}
