/** The widget's look, from the agent's widget settings (colours are checked hex values, decision 230). */
import type { WidgetConfig } from '@vocalis/domain/conversational-ai/widget-config';

const POSITION: Record<string, string> = {
  'top-left': 'top:20px;left:20px',
  top: 'top:20px;left:50%;transform:translateX(-50%)',
  'top-right': 'top:20px;right:20px',
  'bottom-left': 'bottom:20px;left:20px',
  bottom: 'bottom:20px;left:50%;transform:translateX(-50%)',
  'bottom-right': 'bottom:20px;right:20px',
};

/** The stylesheet; `inline` (the editor's preview) keeps the card in the flow instead of floating it. */
export function widgetCss(c: WidgetConfig, inline = false): string {
  const position = inline
    ? 'position:relative;width:100%;max-width:340px'
    : `position:fixed;z-index:2147483000;${POSITION[c.placement] ?? POSITION['bottom-right']}`;
  return `
:host{all:initial;display:block;font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
[hidden]{display:none!important}
.w{${position};font-family:system-ui,-apple-system,"Segoe UI",sans-serif;
  background:${c.bg_color};color:${c.text_color};border:1px solid ${c.border_color};border-radius:${c.border_radius}px;
  box-shadow:0 8px 28px rgba(0,0,0,.18);padding:12px;${inline ? '' : 'width:min(340px,calc(100vw - 40px));'}box-sizing:border-box;font-size:14px}
.row{display:flex;align-items:center;gap:10px}
.avatar{flex:none;width:44px;height:44px;border-radius:50%;object-fit:cover;background:linear-gradient(135deg,var(--c1),var(--c2))}
.speaking .avatar{animation:pulse 1s ease-in-out infinite}
@keyframes pulse{50%{transform:scale(1.08)}}
.label{flex:1;min-width:0;font-weight:600}
.status{font-size:12px;opacity:.75;font-weight:400}
button{font:inherit;cursor:pointer;border:0;background:${c.btn_color};color:${c.btn_text_color};border-radius:${c.btn_radius}px;padding:8px 14px;font-weight:600}
button:focus-visible,input:focus-visible{outline:2px solid ${c.focus_color};outline-offset:2px}
button:disabled{opacity:.5;cursor:default}
ol{list-style:none;margin:10px 0 0;padding:0;max-height:240px;overflow:auto;display:flex;flex-direction:column;gap:6px}
li{padding:6px 10px;border-radius:12px;max-width:85%;line-height:1.35;white-space:pre-wrap;word-wrap:break-word}
li.agent{background:${c.border_color};align-self:flex-start}
li.user{background:${c.btn_color};color:${c.btn_text_color};align-self:flex-end}
form{display:flex;gap:6px;margin-top:10px}
input{flex:1;min-width:0;font:inherit;padding:7px 10px;border:1px solid ${c.border_color};border-radius:${c.btn_radius}px;background:${c.bg_color};color:${c.text_color}}
.note{font-size:12px;margin-top:8px;opacity:.8}
`;
}
