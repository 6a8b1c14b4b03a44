/**
 * The embeddable conversation widget (decision 230): a site adds
 *   <elevenlabs-convai agent-id="…"></elevenlabs-convai>
 *   <script src="https://<this server>/convai-widget.js" async></script>
 * and gets a floating card that calls the agent through the conversation socket (the talk page's client),
 * painted with the agent's widget settings. The page's origin is checked by the server (allow-list).
 */
import type { WidgetConfig } from '@vocalis/domain/conversational-ai/widget-config';
import { startConversation } from '../features/conversational-ai/lib/conversation-client';
import { widgetCss } from './widget-styles';

type Call = Awaited<ReturnType<typeof startConversation>>;

const script = document.currentScript as HTMLScriptElement | null;
const SCRIPT_ORIGIN = script?.src ? new URL(script.src).origin : location.origin;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

class ConvaiWidget extends HTMLElement {
  private root = this.attachShadow({ mode: 'open' });
  private config: WidgetConfig | null = null;
  private call: Call | null = null;
  private refs: {
    card: HTMLDivElement;
    status: HTMLSpanElement;
    button: HTMLButtonElement;
    transcript: HTMLOListElement;
    form: HTMLFormElement;
    note: HTMLDivElement;
  } | null = null;

  private get server() {
    return this.getAttribute('server-location') || SCRIPT_ORIGIN;
  }

  connectedCallback() {
    if (this.config || this.refs) return;
    void this.load();
  }

  disconnectedCallback() {
    this.call?.end();
  }

  private async load() {
    const agentId = this.getAttribute('agent-id');
    if (!agentId) return this.unavailable('The widget needs an agent-id attribute.');
    const signed = this.getAttribute('signed-url');
    const signature = signed ? new URL(signed).searchParams.get('conversation_signature') : null;
    const url = new URL(`/v1/convai/agents/${encodeURIComponent(agentId)}/widget`, this.server);
    if (signature) url.searchParams.set('conversation_signature', signature);
    const res = await fetch(url).catch(() => null);
    const body = (await res?.json().catch(() => null)) as {
      widget_config?: WidgetConfig;
      detail?: { message: string };
    } | null;
    if (!res?.ok || !body?.widget_config)
      return this.unavailable(body?.detail?.message ?? 'The agent could not be reached.');
    this.config = body.widget_config;
    this.render();
  }

  private unavailable(message: string) {
    this.setAttribute('data-state', 'unavailable');
    console.warn(`[elevenlabs-convai] ${message}`);
  }

  private render() {
    const c = this.config!;
    const style = el('style', { textContent: widgetCss(c) });
    const card = el('div', { className: 'w' });
    card.setAttribute('role', 'region');
    card.setAttribute('aria-label', c.expand_text);
    card.style.setProperty('--c1', c.avatar.type === 'orb' ? c.avatar.color_1 : '#888');
    card.style.setProperty('--c2', c.avatar.type === 'orb' ? c.avatar.color_2 : '#888');
    const src = c.avatar.type === 'image' ? c.avatar.url : c.avatar.type === 'url' ? c.avatar.custom_url : '';
    const avatar = src
      ? el('img', { className: 'avatar', src, alt: '' })
      : el('div', { className: 'avatar' });
    const label = el('div', { className: 'label', textContent: c.action_text });
    const status = el('span', { className: 'status' });
    status.setAttribute('data-testid', 'widget-status');
    status.setAttribute('aria-live', 'polite');
    label.append(el('br'), status);
    const button = el('button', { type: 'button', textContent: c.start_call_text });
    button.addEventListener('click', () => void (this.call ? this.call.end() : this.start()));
    const transcript = el('ol');
    transcript.setAttribute('aria-label', 'Transcript');
    transcript.hidden = true;
    const input = el('input', { type: 'text', placeholder: 'Send a message' });
    input.setAttribute('aria-label', 'Message to the agent');
    const form = el('form');
    form.append(input, el('button', { type: 'submit', textContent: 'Send' }));
    form.hidden = true;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text || !this.call) return;
      this.call.sendText(text);
      input.value = '';
    });
    const note = el('div', { className: 'note' });
    note.hidden = true;
    card.append(el('div', { className: 'row' }), transcript, form, note);
    card.firstElementChild!.append(avatar, label, button);
    this.root.replaceChildren(style, card);
    this.refs = { card, status, button, transcript, form, note };
    this.setAttribute('data-state', 'ready');
  }

  private line(role: 'user' | 'agent', text: string) {
    const { transcript } = this.refs!;
    transcript.append(el('li', { className: role, textContent: text }));
    transcript.scrollTop = transcript.scrollHeight;
  }

  private setStatus(text: string) {
    this.refs!.status.textContent = text;
  }

  private async start() {
    const c = this.config!;
    const r = this.refs!;
    r.button.disabled = true;
    r.transcript.replaceChildren();
    r.note.hidden = true;
    this.setStatus('Connecting…');
    const url =
      this.getAttribute('signed-url') ||
      `${this.server.replace(/^http/, 'ws')}/v1/convai/conversation?agent_id=${encodeURIComponent(this.getAttribute('agent-id')!)}`;
    let microphone = !c.text_only;
    if (microphone) {
      // Ask first, so a refused or missing microphone turns into a typed conversation instead of a failure.
      const granted = await navigator.mediaDevices
        ?.getUserMedia({ audio: true })
        .then((s) => (s.getTracks().forEach((t) => t.stop()), true))
        .catch(() => false);
      if (!granted) {
        if (!c.supports_text_only) return this.failed('The microphone is not available.');
        microphone = false;
        r.note.textContent = 'No microphone: type your messages.';
        r.note.hidden = false;
      }
    }
    try {
      this.call = await startConversation(url, (e) => this.onEvent(e), { microphone });
    } catch {
      this.failed('The conversation could not start.');
    }
  }

  private failed(message: string) {
    const r = this.refs!;
    this.call = null;
    r.button.disabled = false;
    r.button.textContent = this.config!.start_call_text;
    this.setStatus(message);
  }

  private onEvent(e: Parameters<Parameters<typeof startConversation>[1]>[0]) {
    const c = this.config!;
    const r = this.refs!;
    if (e.kind === 'status' && e.status === 'connected') {
      r.button.disabled = false;
      r.button.textContent = c.end_call_text;
      r.transcript.hidden = !c.transcript_enabled;
      r.form.hidden = !c.text_input_enabled && r.note.hidden;
      this.setStatus(c.listening_text);
      this.setAttribute('data-state', 'connected');
    } else if (e.kind === 'status' && e.status === 'ended') {
      const wasError = this.getAttribute('data-state') === 'error';
      this.failed(wasError ? r.status.textContent || 'The call ended.' : 'The call ended.');
      r.form.hidden = true;
      r.card.classList.remove('speaking');
      if (!wasError) this.setAttribute('data-state', 'ended');
    } else if (e.kind === 'mode') {
      r.card.classList.toggle('speaking', e.speaking);
      this.setStatus(e.speaking ? c.speaking_text : c.listening_text);
    } else if (e.kind === 'message') {
      if (e.role === 'agent' || e.text.trim()) this.line(e.role, e.text);
    } else if (e.kind === 'error') {
      this.setStatus(e.message);
      this.setAttribute('data-state', 'error');
    }
  }
}

if (!customElements.get('elevenlabs-convai')) customElements.define('elevenlabs-convai', ConvaiWidget);
