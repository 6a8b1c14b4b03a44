/**
 * The audio player's state machine (content-and-workspace.md §4): idle → loading (source or stream
 * mode) → ready (can-play or metadata) → playing / paused → ended. Pure, so every transition is tested
 * without an audio element; the hook feeds it the element's events.
 */

/** "Player: seek step 3 s by keyboard, 10 s by buttons" (§9). */
export const KEYBOARD_SEEK_S = 3;
export const BUTTON_SEEK_S = 10;
/** "speeds 0.8, 1, 1.2, 1.5, 2" (§9). */
export const PLAYBACK_SPEEDS = [0.8, 1, 1.2, 1.5, 2] as const;
/** "Feedback controls appear after playback passes 3 s or ends" (§4). */
export const FEEDBACK_AFTER_S = 3;

export type PlayerStatus = 'idle' | 'loading' | 'ready' | 'playing' | 'paused' | 'ended' | 'error';
export type LoadMode = 'source' | 'stream';

export type PlayerState = {
  status: PlayerStatus;
  mode: LoadMode | null;
  currentTime: number;
  /** Seconds; null while unknown (a stream's length is known only once it ends). */
  duration: number | null;
  rate: number;
  visible: boolean;
  /** Sticky per item: once shown, the thumbs stay until the next load. */
  feedbackVisible: boolean;
  error: string | null;
};

export type PlayerAction =
  | { type: 'load'; mode: LoadMode }
  | { type: 'ready'; duration?: number }
  | { type: 'duration'; duration: number }
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'time'; currentTime: number }
  | { type: 'ended' }
  | { type: 'error'; message: string }
  | { type: 'rate'; rate: number }
  | { type: 'visible'; visible: boolean }
  | { type: 'reset' };

export const initialPlayerState: PlayerState = {
  status: 'idle',
  mode: null,
  currentTime: 0,
  duration: null,
  rate: 1,
  visible: true,
  feedbackVisible: false,
  error: null,
};

const finite = (n: number | undefined): number | null =>
  n !== undefined && Number.isFinite(n) && n > 0 ? n : null;

/** The next state; events that do not apply to the current status are ignored (returns `state`). */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'load':
      return {
        ...initialPlayerState,
        rate: state.rate,
        visible: true,
        status: 'loading',
        mode: action.mode,
      };
    case 'ready':
      if (state.status !== 'loading') {
        return finite(action.duration) !== null ? { ...state, duration: finite(action.duration) } : state;
      }
      return { ...state, status: 'ready', duration: finite(action.duration) ?? state.duration };
    case 'duration':
      return finite(action.duration) === null ? state : { ...state, duration: finite(action.duration) };
    case 'playing':
      // A stream can start playing before can-play is reported; playing implies ready.
      if (state.status === 'idle' || state.status === 'error') return state;
      return { ...state, status: 'playing' };
    case 'paused':
      return state.status === 'playing' ? { ...state, status: 'paused' } : state;
    case 'time': {
      if (state.status === 'idle') return state;
      const currentTime = Math.max(0, action.currentTime);
      const feedbackVisible = state.feedbackVisible || currentTime >= FEEDBACK_AFTER_S;
      return currentTime === state.currentTime && feedbackVisible === state.feedbackVisible
        ? state
        : { ...state, currentTime, feedbackVisible };
    }
    case 'ended':
      if (state.status === 'idle' || state.status === 'error') return state;
      return {
        ...state,
        status: 'ended',
        feedbackVisible: true,
        currentTime: state.duration ?? state.currentTime,
      };
    case 'error':
      return { ...state, status: 'error', error: action.message };
    case 'rate':
      return PLAYBACK_SPEEDS.includes(action.rate as (typeof PLAYBACK_SPEEDS)[number])
        ? { ...state, rate: action.rate }
        : state;
    case 'visible':
      return { ...state, visible: action.visible };
    case 'reset':
      return { ...initialPlayerState, rate: state.rate };
  }
}

/** Where a seek by `delta` seconds lands: clamped to [0, duration] (or ≥ 0 while the length is unknown). */
export function seekTarget(currentTime: number, delta: number, duration: number | null): number {
  const next = Math.max(0, currentTime + delta);
  return duration === null ? next : Math.min(duration, next);
}

/** m:ss (h:mm:ss past an hour); '--:--' when unknown. */
export function formatTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '--:--';
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
