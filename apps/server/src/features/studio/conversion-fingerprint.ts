import { createHash } from 'node:crypto';
import type { BlockRow, ProjectRow } from './studio.repo';

/** The voice a node speaks with: its own override, else the project's default for the block's kind. */
export const voiceOf = (p: ProjectRow, b: BlockRow, voiceId: string | null) =>
  voiceId ?? (b.subType === 'p' ? p.defaultParagraphVoiceId : p.defaultTitleVoiceId);

/**
 * What a block's audio depends on: its text and voices, the model, quality preset, text normalisation and the
 * pronunciation dictionaries. A conversion regenerates only blocks whose fingerprint changed (issue 12).
 */
export function blockFingerprint(p: ProjectRow, b: BlockRow): string {
  const h = createHash('sha256');
  h.update(
    JSON.stringify([
      b.nodes.map((n) => [n.text, voiceOf(p, b, n.voice_id)]),
      p.defaultModelId,
      p.qualityPreset,
      p.applyTextNormalization,
      p.pronunciationLocators,
    ]),
  );
  return h.digest('hex').slice(0, 32);
}

/** Whether a block's stored audio matches what it says now. */
export const isConverted = (p: ProjectRow) => (b: BlockRow) =>
  !!b.audioPath && b.audioFingerprint === blockFingerprint(p, b);
