/**
 * Speaks one block through the text-to-speech service (voices, model, dictionaries, quota and per-key limits as
 * in text to speech) and keeps the result as a new take that becomes the block's current audio (decision 175).
 * Conversion and "generate this block" both come through here, so every generation is a take.
 */
import type { Alignment } from '@vocalis/speech/alignment';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { encodeWav } from '@vocalis/speech/audio/wav';
import type { ResourceCaller } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import type { StoredAlignment } from '../../db/schema/studio';
import { newId } from '../../lib/ids';
import type { FileStorage } from '../../storage/file-storage';
import type { TextToSpeechService } from '../tts/tts.service';
import { blockFingerprint, voiceOf } from './conversion-fingerprint';
import * as repo from './studio.repo';

export const STUDIO_RATE = 44_100;
export const EMPTY_ALIGNMENT: StoredAlignment = {
  characters: [],
  character_start_times_seconds: [],
  character_end_times_seconds: [],
};

/** Who pays for the generation (the caller, or the user who queued the conversion). */
/** Who speaks: `workspace` when the auth hook resolved them now (a queued job's caller was checked earlier). */
export type Speaker = {
  userId: string;
  via: 'session' | 'api_key';
  keyId?: string;
  workspace?: ResourceCaller['workspace'];
};

const int16Of = (bytes: Uint8Array) => {
  const out = new Int16Array(bytes.length >> 1);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = v.getInt16(i * 2, true);
  return out;
};

export class BlockSpeech {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly tts: TextToSpeechService,
  ) {}

  /** Generates the block now: a new take (wav in file storage, alignment, characters charged), made current. */
  async speak(project: repo.ProjectRow, block: repo.BlockRow, who: Speaker, signal: AbortSignal) {
    const lines = [];
    for (const n of block.nodes.filter((x) => x.text.trim()))
      lines.push({
        text: n.text,
        voice: await this.tts.voices.profileFor(
          who.workspace === undefined ? who.userId : { userId: who.userId, workspace: who.workspace },
          voiceOf(project, block, n.voice_id),
        ),
      });
    const g = await this.tts.prepareLines({
      userId: who.userId,
      caller: { via: who.via, keyId: who.keyId },
      requestId: newId(),
      lines,
      options: {
        model_id: project.defaultModelId,
        apply_text_normalization:
          project.applyTextNormalization === 'apply_english'
            ? 'auto'
            : (project.applyTextNormalization as 'auto'),
        pronunciation_dictionary_locators: project.pronunciationLocators.length
          ? project.pronunciationLocators.map((l) => ({
              pronunciation_dictionary_id: l.pronunciation_dictionary_id,
              version_id: l.version_id ?? undefined,
            }))
          : undefined,
      },
      target: parseOutputFormat(`pcm_${STUDIO_RATE}`)!,
      enableLogging: false,
      source: 'studio',
    });
    const out = await this.tts.convert(g, signal);
    const pcm = int16Of(out.audio);
    const alignment: Alignment = out.alignment ?? EMPTY_ALIGNMENT;
    const fingerprint = blockFingerprint(project, block);
    const id = newId();
    const path = `studio/${project.workspaceId}/${project.id}/blocks/${block.id}/${id}.wav`;
    await this.files.put(path, encodeWav(pcm, STUDIO_RATE));
    const take = {
      id,
      blockId: block.id,
      workspaceId: project.workspaceId,
      audioPath: path,
      fingerprint,
      durationSeconds: pcm.length / STUDIO_RATE,
      alignment,
      characters: g.characters,
    };
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await repo.insertTake(tx, take);
      await repo.updateBlock(tx, block.id, {
        audioPath: path,
        audioFingerprint: fingerprint,
        durationSeconds: take.durationSeconds,
        alignment,
        characters: g.characters,
        currentTakeId: id,
      });
      return inserted!;
    });
    return { pcm, alignment, take: row };
  }
}
