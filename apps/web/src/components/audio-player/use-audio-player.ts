import { useCallback, useEffect, useReducer, useRef, useState } from 'react';

import { decodePeaks } from './peaks';
import { initialPlayerState, playerReducer, seekTarget, type PlayerState } from './player-reducer';
import { streamToAudio } from './stream-source';

/** "time polled every 25 ms" (§9). */
const TIME_POLL_MS = 25;
const WAVEFORM_BARS = 160;

export type AudioPlayer = {
  state: PlayerState;
  /** Peaks of the decoded audio, once known. */
  peaks: number[] | null;
  /** Every byte of the current item, once loaded (stream mode: once the stream ended). */
  audio: Blob | null;
  /** Plays a URL (source mode). */
  loadSource: (url: string) => void;
  /** Plays a response body progressively (stream mode); resolves with all bytes at its end. */
  loadStream: (body: ReadableStream<Uint8Array>) => Promise<Blob>;
  play: () => void;
  pause: () => void;
  toggle: () => void;
  seekTo: (seconds: number) => void;
  skip: (deltaSeconds: number) => void;
  setRate: (rate: number) => void;
  setVisible: (visible: boolean) => void;
  reset: () => void;
};

/** The element that played last: a page may hold two players (the side panel's and the page's). */
let audible: HTMLAudioElement | null = null;

/** Owns one HTMLAudioElement and drives the player reducer from its events; starting one pauses any other. */
export function useAudioPlayer(): AudioPlayer {
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const [audio, setAudio] = useState<Blob | null>(null);
  const elementRef = useRef<HTMLAudioElement | null>(null);
  const disposeRef = useRef<(() => void) | null>(null);
  const loadIdRef = useRef(0);

  const element = useCallback((): HTMLAudioElement => {
    if (!elementRef.current) {
      const el = new Audio();
      el.preload = 'auto';
      const duration = () => dispatch({ type: 'duration', duration: el.duration });
      el.addEventListener('loadedmetadata', () => dispatch({ type: 'ready', duration: el.duration }));
      el.addEventListener('canplay', () => dispatch({ type: 'ready', duration: el.duration }));
      el.addEventListener('durationchange', duration);
      el.addEventListener('play', () => {
        if (audible && audible !== el && !audible.paused) audible.pause();
        audible = el;
      });
      el.addEventListener('playing', () => dispatch({ type: 'playing' }));
      el.addEventListener('pause', () => {
        if (!el.ended) dispatch({ type: 'paused' });
      });
      el.addEventListener('ended', () => {
        duration();
        dispatch({ type: 'time', currentTime: el.currentTime });
        dispatch({ type: 'ended' });
      });
      el.addEventListener('error', () => {
        if (el.getAttribute('src')) dispatch({ type: 'error', message: 'The audio could not be played.' });
      });
      elementRef.current = el;
    }
    return elementRef.current;
  }, []);

  // Time is polled while playing rather than taken from 'timeupdate', which fires only ~4 times a second.
  useEffect(() => {
    if (state.status !== 'playing') return;
    const id = window.setInterval(() => {
      const el = elementRef.current;
      if (el) dispatch({ type: 'time', currentTime: el.currentTime });
    }, TIME_POLL_MS);
    return () => window.clearInterval(id);
  }, [state.status]);

  useEffect(
    () => () => {
      elementRef.current?.pause();
      elementRef.current?.removeAttribute('src');
      disposeRef.current?.();
    },
    [],
  );

  const begin = useCallback(
    (mode: 'source' | 'stream') => {
      const el = element();
      el.pause();
      disposeRef.current?.();
      disposeRef.current = null;
      setPeaks(null);
      setAudio(null);
      dispatch({ type: 'load', mode });
      loadIdRef.current += 1;
      return { el, id: loadIdRef.current };
    },
    [element],
  );

  const startPlayback = useCallback(
    (el: HTMLAudioElement) => {
      el.playbackRate = state.rate;
      el.play().catch((error: unknown) => {
        // Autoplay refused (no user gesture): stay ready; the play button works.
        if (error instanceof DOMException && error.name === 'NotAllowedError') return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
      });
    },
    [state.rate],
  );

  const decode = useCallback((blob: Blob, id: number) => {
    setAudio(blob);
    void blob
      .arrayBuffer()
      .then((bytes) => decodePeaks(bytes, WAVEFORM_BARS))
      .then((p) => {
        if (loadIdRef.current === id && p.length > 0) setPeaks(p);
      })
      .catch(() => undefined);
  }, []);

  const loadSource = useCallback(
    (url: string) => {
      const { el, id } = begin('source');
      el.src = url;
      startPlayback(el);
      void fetch(url, { credentials: 'include' })
        .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(r.statusText))))
        .then((blob) => decode(blob, id))
        .catch(() => undefined);
    },
    [begin, startPlayback, decode],
  );

  const loadStream = useCallback(
    async (body: ReadableStream<Uint8Array>) => {
      const { el, id } = begin('stream');
      const handle = streamToAudio(body);
      disposeRef.current = handle.dispose;
      if (handle.url) {
        el.src = handle.url;
        startPlayback(el);
      }
      try {
        const blob = await handle.done;
        if (loadIdRef.current !== id) return blob;
        if (!handle.url) {
          const url = URL.createObjectURL(blob);
          const prev = disposeRef.current;
          disposeRef.current = () => {
            prev?.();
            URL.revokeObjectURL(url);
          };
          el.src = url;
          startPlayback(el);
        }
        decode(blob, id);
        return blob;
      } catch (error) {
        if (loadIdRef.current === id) {
          dispatch({ type: 'error', message: error instanceof Error ? error.message : 'Streaming failed' });
        }
        throw error;
      }
    },
    [begin, startPlayback, decode],
  );

  const play = useCallback(() => {
    const el = elementRef.current;
    if (!el || !el.getAttribute('src')) return;
    if (el.ended) el.currentTime = 0;
    void el.play().catch(() => undefined);
  }, []);
  const pause = useCallback(() => elementRef.current?.pause(), []);
  const toggle = useCallback(() => {
    if (state.status === 'playing') pause();
    else play();
  }, [state.status, play, pause]);

  const seekTo = useCallback((seconds: number) => {
    const el = elementRef.current;
    if (!el) return;
    el.currentTime = seconds;
    dispatch({ type: 'time', currentTime: seconds });
  }, []);
  const skip = useCallback(
    (delta: number) => {
      const el = elementRef.current;
      if (!el) return;
      const duration = Number.isFinite(el.duration) ? el.duration : state.duration;
      seekTo(seekTarget(el.currentTime, delta, duration));
    },
    [seekTo, state.duration],
  );
  const setRate = useCallback((rate: number) => {
    if (elementRef.current) elementRef.current.playbackRate = rate;
    dispatch({ type: 'rate', rate });
  }, []);
  const setVisible = useCallback((visible: boolean) => dispatch({ type: 'visible', visible }), []);
  const reset = useCallback(() => {
    elementRef.current?.pause();
    elementRef.current?.removeAttribute('src');
    disposeRef.current?.();
    disposeRef.current = null;
    setPeaks(null);
    setAudio(null);
    dispatch({ type: 'reset' });
  }, []);

  return {
    state,
    peaks,
    audio,
    loadSource,
    loadStream,
    play,
    pause,
    toggle,
    seekTo,
    skip,
    setRate,
    setVisible,
    reset,
  };
}
