/**
 * The embeddable widget's settings (decision 230): what `GET /v1/convai/agents/{id}/widget` answers, built from
 * the agent's `platform_settings.widget` as stored (SDK shape, snake_case) with ElevenLabs' defaults for what is
 * not set. Colours must be CSS hex colours and the avatar image an http(s) URL, because the widget paints them
 * into other sites' pages; anything else falls back to the default.
 */

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});

export const WIDGET_DEFAULTS = {
  variant: 'compact',
  placement: 'bottom-right',
  bg_color: '#ffffff',
  text_color: '#000000',
  btn_color: '#000000',
  btn_text_color: '#ffffff',
  border_color: '#e1e1e1',
  focus_color: '#000000',
  border_radius: 16,
  btn_radius: 32,
  action_text: 'Need help?',
  start_call_text: 'Start a call',
  end_call_text: 'End',
  expand_text: 'Chat with AI',
  listening_text: 'Listening',
  speaking_text: 'Talk to interrupt',
  orb_color_1: '#2792dc',
  orb_color_2: '#9ce6e6',
} as const;

const PLACEMENTS = new Set(['top-left', 'top', 'top-right', 'bottom-left', 'bottom', 'bottom-right']);
const VARIANTS = new Set(['tiny', 'compact', 'full', 'expandable']);

export const isHexColor = (v: unknown): v is string =>
  typeof v === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(v);
const color = (v: unknown, fallback: string) => (isHexColor(v) ? v : fallback);
const text = (v: unknown, fallback: string) =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : fallback;
const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const radius = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 64 ? v : fallback;

export type WidgetAvatar =
  | { type: 'orb'; color_1: string; color_2: string }
  | { type: 'url'; custom_url: string }
  | { type: 'image'; url: string };

function avatarOf(v: unknown): WidgetAvatar {
  const a = obj(v);
  const url = (u: unknown) => (typeof u === 'string' && /^https?:\/\/[^\s"'<>]+$/i.test(u) ? u : null);
  if (a.type === 'url' && url(a.custom_url)) return { type: 'url', custom_url: url(a.custom_url)! };
  if (a.type === 'image' && url(a.url)) return { type: 'image', url: url(a.url)! };
  return {
    type: 'orb',
    color_1: color(a.color_1, WIDGET_DEFAULTS.orb_color_1),
    color_2: color(a.color_2, WIDGET_DEFAULTS.orb_color_2),
  };
}

export type WidgetConfig = ReturnType<typeof widgetConfig>;

/** The widget settings the widget script paints with, from the agent's stored configuration. */
export function widgetConfig(conversationConfig: unknown, platformSettings: unknown) {
  const w = obj(obj(platformSettings).widget);
  const agent = obj(obj(conversationConfig).agent);
  const d = WIDGET_DEFAULTS;
  const textOnly = obj(obj(conversationConfig).conversation).text_only === true;
  return {
    variant: typeof w.variant === 'string' && VARIANTS.has(w.variant) ? w.variant : d.variant,
    placement: typeof w.placement === 'string' && PLACEMENTS.has(w.placement) ? w.placement : d.placement,
    avatar: avatarOf(w.avatar),
    bg_color: color(w.bg_color, d.bg_color),
    text_color: color(w.text_color, d.text_color),
    btn_color: color(w.btn_color, d.btn_color),
    btn_text_color: color(w.btn_text_color, d.btn_text_color),
    border_color: color(w.border_color, d.border_color),
    focus_color: color(w.focus_color, d.focus_color),
    border_radius: radius(w.border_radius, d.border_radius),
    btn_radius: radius(w.btn_radius, d.btn_radius),
    action_text: text(w.action_text, d.action_text),
    start_call_text: text(w.start_call_text, d.start_call_text),
    end_call_text: text(w.end_call_text, d.end_call_text),
    expand_text: text(w.expand_text, d.expand_text),
    listening_text: text(w.listening_text, d.listening_text),
    speaking_text: text(w.speaking_text, d.speaking_text),
    transcript_enabled: flag(w.transcript_enabled, false),
    text_input_enabled: flag(w.text_input_enabled, true),
    mic_muting_enabled: flag(w.mic_muting_enabled, false),
    show_avatar_when_collapsed: flag(w.show_avatar_when_collapsed, false),
    disable_banner: flag(w.disable_banner, false),
    language: typeof agent.language === 'string' && agent.language ? agent.language : 'en',
    text_only: textOnly,
    supports_text_only: flag(w.supports_text_only, true),
    first_message: typeof agent.first_message === 'string' ? agent.first_message : '',
  };
}
