import type { Voice } from '@vocalis/contracts/voices';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { AudioPlayer } from '@/components/audio-player/use-audio-player';
import { showErrorToast } from '@/lib/error-toast';
import type { DictionaryLocator } from '@/lib/pronunciation-dictionaries';

import { getHistoryItem, historyAudioUrl } from '../api/get-history-item';
import { quotaQueryKey } from '../api/get-quota';
import { streamDialogue } from '../api/stream-dialogue';
import { streamSpeech } from '../api/stream-speech';
import { downloadFileName, saveFile } from '../lib/download-name';
import { pollHistoryItem } from '../lib/history-poll';
import type { VoiceSettingsValue } from '@/lib/voice-settings-bounds';

export type Generation = {
  /** The text; for a dialogue its lines, one per row. */
  text: string;
  /** The voice (a dialogue's first voice: its category names the file). */
  voice: Voice;
  /** Text to dialogue: each line with its voice, spoken one after another. */
  dialogue?: { text: string; voice: Voice }[];
  modelId: string;
  settings: VoiceSettingsValue;
  /** Pronunciation dictionaries applied, in order (at most three). */
  locators?: DictionaryLocator[];
  date: Date;
  historyItemId: string | null;
};

/** Who speaks: the voice's name, or a dialogue's voices in order of first line. */
export function speakerNames(g: Pick<Generation, 'voice' | 'dialogue'>): string {
  if (!g.dialogue) return g.voice.name;
  return [...new Set(g.dialogue.map((line) => line.voice.name))].join(', ');
}

/** Where the download comes from: the stored history file, or the bytes the stream delivered (§4). */
type DownloadSource =
  { kind: 'history'; url: string; fileName: string } | { kind: 'bytes'; blob: Blob; fileName: string };

/**
 * Generate → stream into the player; then wait 1 s and poll the history item (10 tries, 5 s apart) to
 * learn its file name and enable download. Without a history item the collected bytes are saved.
 */
export function useGeneration(player: AudioPlayer) {
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);
  const [current, setCurrent] = useState<Generation | null>(null);
  const [download, setDownload] = useState<DownloadSource | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const generate = useCallback(
    async (input: Omit<Generation, 'date' | 'historyItemId'>) => {
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      setGenerating(true);
      setDownload(null);
      const date = new Date();
      let stream;
      try {
        stream = input.dialogue
          ? await streamDialogue(
              {
                inputs: input.dialogue.map((line) => ({ text: line.text, voice_id: line.voice.voice_id })),
                model_id: input.modelId,
                ...(input.locators?.length && { pronunciation_dictionary_locators: input.locators }),
              },
              controller.signal,
            )
          : await streamSpeech(
              input.voice.voice_id,
              {
                text: input.text,
                model_id: input.modelId,
                voice_settings: input.settings,
                ...(input.locators?.length && { pronunciation_dictionary_locators: input.locators }),
              },
              controller.signal,
            );
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) showErrorToast(error);
        setGenerating(false);
        return;
      }
      const generation: Generation = { ...input, date, historyItemId: stream.historyItemId };
      setCurrent(generation);
      setGenerating(false);
      const fallbackName = downloadFileName({
        date,
        voiceName: speakerNames(input),
        category: input.voice.category,
        settings: input.settings,
        modelId: input.modelId,
      });

      let blob: Blob;
      try {
        blob = await player.loadStream(stream.body);
      } catch {
        return;
      }
      if (controller.signal.aborted) return;
      void queryClient.invalidateQueries({ queryKey: quotaQueryKey });

      const id = stream.historyItemId;
      if (!id) {
        setDownload({ kind: 'bytes', blob, fileName: fallbackName });
        return;
      }
      try {
        const item = await pollHistoryItem(() => getHistoryItem(id, controller.signal), controller.signal);
        if (item) {
          const fileName = downloadFileName({
            date: item.date_unix ? new Date(item.date_unix * 1000) : date,
            voiceName: item.voice_name ?? speakerNames(input),
            category: item.voice_category ?? input.voice.category,
            settings: input.settings,
            modelId: item.model_id ?? input.modelId,
          });
          setDownload({ kind: 'history', url: historyAudioUrl(id), fileName });
        } else {
          setDownload({ kind: 'bytes', blob, fileName: fallbackName });
        }
      } catch {
        // Aborted by a newer generation.
      }
    },
    [player, queryClient],
  );

  const save = useCallback(() => {
    if (!download) return;
    saveFile(download.kind === 'history' ? download.url : download.blob, download.fileName);
  }, [download]);

  return { generating, current, downloadReady: download !== null, save, generate };
}
