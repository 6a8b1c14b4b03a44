import { widgetConfig } from '@vocalis/domain/conversational-ai/widget-config';
import { useEffect, useRef } from 'react';

import { widgetCss } from '@/widget/widget-styles';

import type { WidgetEdit } from '../api/agents';

/**
 * The widget as a visitor sees it mid-call, painted by the widget's own stylesheet (decision 231). Rendered in a
 * shadow root like the real widget, so the page's styles do not leak in; inert (it is a picture, not a call).
 */
export function WidgetPreview({ widget, firstMessage }: { widget: WidgetEdit; firstMessage: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const c = widgetConfig({ agent: { first_message: firstMessage } }, { widget });
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    root.innerHTML = `<style>${widgetCss(c, true)}</style>
<div class="w speaking" style="--c1:${c.avatar.type === 'orb' ? c.avatar.color_1 : '#888'};--c2:${c.avatar.type === 'orb' ? c.avatar.color_2 : '#888'}">
<div class="row"><div class="avatar"></div><div class="label">${esc(c.action_text)}<br><span class="status">${esc(c.speaking_text)}</span></div>
<button type="button">${esc(c.end_call_text)}</button></div>
${c.transcript_enabled ? `<ol><li class="agent">${esc(c.first_message || '…')}</li><li class="user">${esc('What are your opening hours?')}</li></ol>` : ''}
${c.text_input_enabled ? '<form><input placeholder="Send a message"><button type="button">Send</button></form>' : ''}
</div>
<div class="row" style="margin-top:12px"><button type="button">${esc(c.start_call_text)}</button><span class="status" style="color:#71717a">before a call</span></div>`;
  }, [widget, firstMessage]);
  // The host's own styles are reset by the widget's `:host{all:initial}`: the frame is a wrapper around it.
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 p-4 dark:border-zinc-700">
      <div ref={host} inert role="img" aria-label="Widget preview" data-testid="widget-preview" />
    </div>
  );
}
