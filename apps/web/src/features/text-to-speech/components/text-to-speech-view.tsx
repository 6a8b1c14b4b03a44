import type { Voice } from '@vocalis/contracts/voices';
import { appRoutes } from '@vocalis/domain/app-routes';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { AudioPlayerBar } from '@/components/audio-player/audio-player-bar';
import { useAudioPlayer } from '@/components/audio-player/use-audio-player';
import { FeedbackDialog } from '@/components/speech-history/feedback-dialog';
import { HistorySidePanel } from '@/components/speech-history/history-side-panel';
import { useFeedback } from '@/components/speech-history/use-feedback';
import { buttonClasses } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { DictionaryPicker } from '@/components/pronunciation/dictionary-picker';
import { useLocalStorage } from '@/hooks/use-local-storage';
import { useDictionaryChoices, usableLocators, type DictionaryLocator } from '@/lib/pronunciation-dictionaries';

import { useDefaultVoiceSettings } from '../api/get-default-voice-settings';
import { useModels } from '../api/get-models';
import { useQuota } from '../api/get-quota';
import { SELECTED_VOICE_STORAGE, useVoices } from '@/lib/voices';
import { languageHint } from '../lib/model-summary';
import { initialLines } from '../lib/dialogue-lines';
import { dialogueProblem, spokenLines, startingVoices } from '../lib/dialogue-lines';
import { rememberRecent } from '../lib/voice-sections';
import { FALLBACK_SETTINGS } from '@/lib/voice-settings-bounds';

import { DialogueEditor } from './dialogue-editor';
import { ModeToggle, type SpeechMode } from './mode-toggle';
import { ModelSelect } from './model-select';
import { TextEditor } from './text-editor';
import { speakerNames, useGeneration } from './use-generation';
import { useHistoryDraft } from './use-history-draft';
import { useSavedDialogue } from './use-saved-dialogue';
import { useVoiceParam } from './use-voice-param';
import { useVoiceSettingsDraft } from './use-voice-settings-draft';
import { VoiceDropdown } from './voice-dropdown';
import { VoiceSettingsPanel } from './voice-settings-panel';

/** Storage keys (§9: "selected model ... voice"); under 'xi:' so sign-out clears them. */
export const STORAGE_KEYS = {
  model: 'selected_model',
  voice: SELECTED_VOICE_STORAGE,
  recentVoices: 'recent_voices',
  mode: 'speech_mode',
  dictionaries: 'pronunciation_dictionaries',
} as const;
const NO_LOCATORS: DictionaryLocator[] = [];
const NO_RECENT: string[] = [];
const DEFAULT_MAX_TEXT = 5000;

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** /app/speech-synthesis/text-to-speech: text, voice, model and settings on the left, Generate, and the player. */
export function TextToSpeechView() {
  const voicesQuery = useVoices();
  const modelsQuery = useModels();
  const defaults = useDefaultVoiceSettings().data;
  const quota = useQuota();
  const player = useAudioPlayer();
  const generation = useGeneration(player);
  const current = generation.current;
  const feedback = useFeedback(current);

  const [text, setText] = useState('');
  const [storedModel, setStoredModel] = useLocalStorage<string | null>(STORAGE_KEYS.model, null);
  const [storedVoice, setStoredVoice] = useLocalStorage<string | null>(STORAGE_KEYS.voice, null);
  const [recentIds, setRecentIds] = useLocalStorage<string[]>(STORAGE_KEYS.recentVoices, NO_RECENT);
  const [mode, setMode] = useLocalStorage<SpeechMode>(STORAGE_KEYS.mode, 'single');
  const [storedLocators, setLocators] = useLocalStorage<DictionaryLocator[]>(STORAGE_KEYS.dictionaries, NO_LOCATORS);
  const locators = usableLocators(storedLocators, useDictionaryChoices().data);

  const voices = useMemo(() => voicesQuery.data ?? [], [voicesQuery.data]);
  const voiceIds = useMemo(() => voices.map((v) => v.voice_id), [voices]);
  const startVoiceIds = useMemo(() => startingVoices(voices), [voices]);
  const [dialogueLines, setDialogueLines] = useSavedDialogue(startVoiceIds);
  const dialogue = mode === 'dialogue';
  const models = useMemo(() => modelsQuery.data ?? [], [modelsQuery.data]);
  const voice: Voice | undefined = voices.find((v) => v.voice_id === storedVoice) ?? voices[0];
  const model = models.find((m) => m.model_id === storedModel) ?? models[0];
  const voiceSettings = useVoiceSettingsDraft(voice, defaults ?? FALLBACK_SETTINGS);
  const settings = voiceSettings.value;
  const maxLength = model?.maximum_text_length_per_request ?? DEFAULT_MAX_TEXT;

  const spoken = spokenLines(dialogueLines);
  const dialogueCheck = dialogueProblem(spoken, voiceIds);
  const blank = text.trim().length === 0;
  const tooLong = text.length > maxLength;
  const characters = dialogue ? spoken.reduce((n, l) => n + l.text.length, 0) : text.length;
  const overQuota = quota !== null && characters > quota.remaining;
  useHistoryDraft(
    { voices: voicesQuery.data, models: modelsQuery.data, defaults: defaults ?? FALLBACK_SETTINGS },
    (draft) => {
      if (draft.modelId) setStoredModel(draft.modelId);
      if (draft.mode === 'dialogue') {
        setMode('dialogue');
        setDialogueLines(initialLines(draft.lines, voiceIds));
        return;
      }
      setMode('single');
      setText(draft.text);
      if (draft.voiceId) setStoredVoice(draft.voiceId);
      if (draft.settings) voiceSettings.load(draft.voiceId ?? voice?.voice_id, draft.settings);
    },
  );
  useVoiceParam(voicesQuery.data, (voiceId) => {
    setMode('single');
    setStoredVoice(voiceId);
    setRecentIds((ids) => rememberRecent(ids, voiceId));
  });
  const cannotGenerate = !model || (dialogue ? dialogueCheck !== null : !voice || blank || tooLong);

  const onGenerate = () => {
    if (!model || cannotGenerate || generation.generating) return;
    feedback.reset();
    if (dialogue) {
      const lines = spoken.map((l) => ({
        text: l.text,
        voice: voices.find((v) => v.voice_id === l.voice_id)!,
      }));
      const text = lines.map((l) => l.text).join('\n');
      void generation.generate({
        text,
        voice: lines[0]!.voice,
        dialogue: lines,
        modelId: model.model_id,
        settings,
        locators,
      });
      return;
    }
    if (!voice) return;
    setRecentIds((ids) => rememberRecent(ids, voice.voice_id));
    void generation.generate({ text, voice, modelId: model.model_id, settings, locators });
  };

  return (
    <div className="pb-[calc(var(--player-bar-height,0px)+2rem)]">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <ModeToggle value={mode} onChange={setMode} />
        <div className="flex items-center gap-2">
          <HistorySidePanel />
          <Link to={appRoutes.textToSpeechHistory.path} className={buttonClasses('secondary', 'sm')}>
            History
          </Link>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex flex-col rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60">
          {dialogue ? (
            <DialogueEditor
              lines={dialogueLines}
              onChange={setDialogueLines}
              voices={voices}
              voicesLoading={voicesQuery.isPending}
              recentIds={recentIds}
              onVoicePicked={(v) => setRecentIds((ids) => rememberRecent(ids, v.voice_id))}
              remainingQuota={quota?.remaining ?? null}
              onSubmit={onGenerate}
            />
          ) : (
            <TextEditor
              value={text}
              onChange={setText}
              maxLength={maxLength}
              remainingQuota={quota?.remaining ?? null}
              onSubmit={onGenerate}
              languageHint={languageHint(voice, model)}
            />
          )}
          <div className="flex flex-col-reverse items-stretch gap-3 border-t border-zinc-100 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {overQuota ? (
                <span className="text-rose-600 dark:text-rose-400">
                  This text is longer than your remaining quota.
                </span>
              ) : dialogue && dialogueCheck && spoken.length > 0 && voices.length > 0 ? (
                <span role="status" className="text-rose-600 dark:text-rose-400">
                  {dialogueCheck}
                </span>
              ) : (
                <span className="hidden sm:inline">
                  <kbd className="font-sans">Ctrl</kbd> + <kbd className="font-sans">Enter</kbd> to generate
                </span>
              )}
            </p>
            <LoadingButton
              size="lg"
              loading={generation.generating}
              disabled={cannotGenerate}
              onClick={onGenerate}
              className="sm:min-w-36"
            >
              {dialogue ? 'Generate dialogue' : 'Generate speech'}
            </LoadingButton>
          </div>
        </div>

        <aside className="space-y-6 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60">
          <Card title="Voice">
            {dialogue ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                Each line is spoken by the voice picked beside it, with that voice&apos;s own settings.
              </p>
            ) : (
              <VoiceDropdown
                voices={voices}
                value={voice?.voice_id ?? null}
                recentIds={recentIds}
                loading={voicesQuery.isPending}
                onChange={(v) => {
                  setStoredVoice(v.voice_id);
                  setRecentIds((ids) => rememberRecent(ids, v.voice_id));
                }}
              />
            )}
            {voicesQuery.isError ? (
              <p className="text-xs text-rose-600 dark:text-rose-400">Error occured while fetching voices</p>
            ) : null}
          </Card>
          <Card title="Model">
            <ModelSelect
              models={models}
              value={model?.model_id ?? null}
              loading={modelsQuery.isPending}
              onChange={setStoredModel}
            />
            {modelsQuery.isError ? (
              <p className="text-xs text-rose-600 dark:text-rose-400">Error occured while fetching models</p>
            ) : null}
          </Card>
          <Card title="Pronunciation">
            <DictionaryPicker value={locators} onChange={setLocators} />
          </Card>
          {dialogue ? null : (
            <Card title="Voice settings">
              <VoiceSettingsPanel
                value={settings}
                onChange={voiceSettings.setValue}
                onReset={voiceSettings.reset}
                atDefaults={voiceSettings.atDefaults}
                onSave={voice ? voiceSettings.save : undefined}
                saving={voiceSettings.saving}
                changed={voiceSettings.changed}
                canUseStyle={model?.can_use_style ?? true}
                canUseSpeakerBoost={model?.can_use_speaker_boost ?? true}
              />
            </Card>
          )}
        </aside>
      </div>

      <AudioPlayerBar
        player={player}
        title={current ? speakerNames(current) : ''}
        subtitle={current ? current.text : undefined}
        onDownload={generation.save}
        downloadReady={generation.downloadReady}
        feedback={feedback.thumb}
        onFeedback={feedback.choose}
      />
      <FeedbackDialog {...feedback.dialog} />
    </div>
  );
}
