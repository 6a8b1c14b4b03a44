import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS, widgetConfig } from './widget-config';

describe('widget settings', () => {
  it('takes the agent’s colours, texts, avatar and first message', () => {
    const w = widgetConfig(
      { agent: { first_message: 'Hello there.', language: 'fr' } },
      {
        widget: {
          bg_color: '#fef3c7',
          btn_color: '#0f766e',
          start_call_text: 'Call the shop',
          placement: 'bottom-left',
          transcript_enabled: true,
          avatar: { type: 'image', url: 'https://example.com/a.png' },
        },
      },
    );
    expect(w).toMatchObject({
      bg_color: '#fef3c7',
      btn_color: '#0f766e',
      start_call_text: 'Call the shop',
      placement: 'bottom-left',
      transcript_enabled: true,
      avatar: { type: 'image', url: 'https://example.com/a.png' },
      first_message: 'Hello there.',
      language: 'fr',
    });
  });

  it('falls back to the defaults for what is missing or unsafe to paint into another site', () => {
    const w = widgetConfig(
      {},
      {
        widget: {
          bg_color: 'red;background:url(x)',
          btn_radius: 9999,
          placement: 'middle',
          action_text: '   ',
          avatar: { type: 'image', url: 'javascript:alert(1)' },
        },
      },
    );
    expect(w.bg_color).toBe(WIDGET_DEFAULTS.bg_color);
    expect(w.btn_radius).toBe(WIDGET_DEFAULTS.btn_radius);
    expect(w.placement).toBe('bottom-right');
    expect(w.action_text).toBe('Need help?');
    expect(w.avatar).toEqual({ type: 'orb', color_1: '#2792dc', color_2: '#9ce6e6' });
    expect(w.transcript_enabled).toBe(false);
    expect(w.language).toBe('en');
  });

  it('reports a text-only agent', () => {
    expect(widgetConfig({ conversation: { text_only: true } }, null).text_only).toBe(true);
  });
});
