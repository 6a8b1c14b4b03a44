/**
 * The embeddable player (decision 173): `player.js`, loaded by any site, turns each
 * `<div data-vocalis-audio-native="ID">` into an iframe of this server's player page; the page shows the
 * title, author and image in the configured colours and plays the narration with its own controls.
 */

/** The loader script: finds the placeholders and inserts the iframes (run once per placeholder). */
export const PLAYER_SCRIPT = `(function () {
  var me = document.currentScript;
  var origin = me ? new URL(me.src).origin : '';
  function mount() {
    var slots = document.querySelectorAll('div[data-vocalis-audio-native]');
    for (var i = 0; i < slots.length; i++) {
      var slot = slots[i];
      if (slot.getAttribute('data-mounted')) continue;
      slot.setAttribute('data-mounted', '1');
      var f = document.createElement('iframe');
      f.src = origin + '/audio-native/embed/' + encodeURIComponent(slot.getAttribute('data-vocalis-audio-native'));
      f.title = 'Listen to this article';
      f.style.border = '0';
      f.style.width = slot.getAttribute('data-width') || '100%';
      f.style.height = (slot.getAttribute('data-height') || '96') + 'px';
      f.setAttribute('allow', 'autoplay');
      f.setAttribute('loading', 'lazy');
      slot.appendChild(f);
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
`;

/**
 * The player page's script: play/pause, progress and time, and the session (decision 212): with
 * \`data-session-minutes\` > 0 the listening position is kept in this origin's localStorage (per embed and
 * narration version) and a reload within that many minutes of the last listening resumes there.
 */
export const FRAME_SCRIPT = `(function () {
  var audio = document.getElementById('audio');
  var button = document.getElementById('play');
  var bar = document.getElementById('bar');
  var time = document.getElementById('time');
  if (!audio) return;
  var minutes = Number(audio.getAttribute('data-session-minutes')) || 0;
  var key = 'vocalis-audio-native:' + audio.getAttribute('data-session-key');
  function store(v) { try { if (v) localStorage.setItem(key, JSON.stringify(v)); else localStorage.removeItem(key); } catch (e) {} }
  var resume = null;
  if (minutes > 0) {
    try { resume = JSON.parse(localStorage.getItem(key) || 'null'); } catch (e) { resume = null; }
    if (!resume || typeof resume.t !== 'number' || !(Date.now() - resume.at < minutes * 60000)) { resume = null; store(null); }
  }
  function restore() {
    if (!resume || !audio.duration) return;
    if (resume.t < audio.duration - 0.5) audio.currentTime = resume.t;
    if (Math.abs(audio.currentTime - resume.t) < 0.5 || resume.t >= audio.duration - 0.5) resume = null;
  }
  var saved = 0;
  function save(force) {
    if (minutes <= 0 || resume || audio.currentTime <= 0) return;
    var now = Date.now();
    if (force || now - saved > 1000) { saved = now; store({ t: audio.currentTime, at: now }); }
  }
  if (minutes > 0) {
    ['loadedmetadata', 'canplay', 'progress'].forEach(function (n) { audio.addEventListener(n, restore); });
    audio.addEventListener('timeupdate', function () { save(false); });
    audio.addEventListener('pause', function () { save(true); });
    audio.addEventListener('ended', function () { store(null); });
    window.addEventListener('pagehide', function () { save(true); });
    if (resume) audio.preload = 'auto';
  }
  function fmt(s) { s = Math.max(0, Math.floor(s || 0)); return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0'); }
  function paint() {
    var d = audio.duration || 0;
    bar.style.width = (d ? (100 * audio.currentTime) / d : 0) + '%';
    time.textContent = fmt(audio.currentTime) + ' / ' + fmt(d);
    button.setAttribute('aria-label', audio.paused ? 'Play' : 'Pause');
    button.textContent = audio.paused ? '\\u25B6' : '\\u275A\\u275A';
  }
  button.addEventListener('click', function () { if (audio.paused) audio.play(); else audio.pause(); });
  document.getElementById('track').addEventListener('click', function (e) {
    var r = e.currentTarget.getBoundingClientRect();
    if (audio.duration) audio.currentTime = ((e.clientX - r.left) / r.width) * audio.duration;
  });
  ['timeupdate', 'play', 'pause', 'loadedmetadata', 'ended'].forEach(function (n) { audio.addEventListener(n, paint); });
  paint();
})();
`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const safeColor = (c: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : fallback);
const safeImage = (u: string) => (/^https?:\/\//i.test(u) ? u : '');

/** The player page inside the iframe. */
export function playerPage(p: {
  title: string;
  author: string;
  image: string;
  small: boolean;
  textColor: string;
  backgroundColor: string;
  ready: boolean;
  embedId: string;
  /** Minutes a listening position survives page reloads (the SDK's sessionization); 0: never kept. */
  sessionization: number;
  /** The narration's version (latest project snapshot): a new narration does not resume an old position. */
  narrationId: string | null;
}): string {
  const fg = safeColor(p.textColor, '#111827');
  const bg = safeColor(p.backgroundColor, '#ffffff');
  const image = safeImage(p.image);
  const size = p.small ? 40 : 64;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(p.title)}</title>
<style>
html,body{margin:0;height:100%;font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
body{background:${bg};color:${fg};display:flex;align-items:center}
.p{display:flex;align-items:center;gap:12px;padding:0 12px;width:100%;box-sizing:border-box}
#play{flex:none;width:${size}px;height:${size}px;border-radius:50%;border:0;background:${fg};color:${bg};font-size:${p.small ? 14 : 20}px;cursor:pointer}
#play:disabled{opacity:.4;cursor:default}
img{width:${size}px;height:${size}px;object-fit:cover;border-radius:6px;flex:none}
.m{flex:1;min-width:0}
.t{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-size:${p.small ? 13 : 15}px}
.a{opacity:.75;font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#track{height:6px;border-radius:3px;background:${fg}33;margin-top:6px;cursor:pointer}
#bar{height:100%;width:0;border-radius:3px;background:${fg}}
#time{font-size:11px;opacity:.75;font-variant-numeric:tabular-nums;flex:none}
</style></head><body><div class="p" data-testid="player">
<button id="play" type="button" aria-label="Play"${p.ready ? '' : ' disabled'}>&#9654;</button>
${image && !p.small ? `<img src="${esc(image)}" alt="">` : ''}
<div class="m"><div class="t">${esc(p.title)}</div>${p.author && !p.small ? `<div class="a">${esc(p.author)}</div>` : ''}
<div id="track"><div id="bar"></div></div></div>
<span id="time">${p.ready ? '0:00' : 'The narration is being prepared.'}</span>
${p.ready ? `<audio id="audio" preload="metadata" data-session-minutes="${Math.max(0, Math.floor(p.sessionization))}" data-session-key="${esc(`${p.embedId}:${p.narrationId ?? ''}`)}" src="/audio-native/embed/${esc(p.embedId)}/audio.mp3"></audio><script src="/audio-native/frame.js"></script>` : ''}
</div></body></html>`;
}
