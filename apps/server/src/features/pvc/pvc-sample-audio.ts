/**
 * A professional voice's samples as the voice: the processed audio of each sample, cut down to the
 * selected speakers' speech where the sample was separated (decision 085). Training fits on it and the
 * captcha compares the reader's voice with it.
 */
import { decodeWav } from '@vocalis/speech/audio/wav';
import type { MonoAudio } from '@vocalis/speech/profile/clone';
import type { KnownReading } from '@vocalis/speech/profile/fine-fit';
import type { PvcState } from '../../db/schema/voices';
import { speakerAudio } from '@vocalis/speech/profile/speakers';
import type { FileStorage } from '../../storage/file-storage';
import type * as voicesRepo from '../voices/custom-voices.repo';

/** The selected speech of one sample. */
export async function selectedSpeech(files: FileStorage, s: voicesRepo.VoiceSampleRow): Promise<MonoAudio> {
  const wav = await files.get(s.processedPath);
  if (!wav) throw new Error(`sample ${s.id}: processed audio missing`);
  const { pcm, sampleRate } = decodeWav(wav);
  const sep = s.speakers;
  const selected =
    sep?.status === 'completed' && sep.selectedSpeakerIds.length
      ? sep.speakers.filter((x) => sep.selectedSpeakerIds.includes(x.speakerId))
      : undefined;
  return {
    pcm: selected
      ? speakerAudio(
          pcm,
          sampleRate,
          selected.flatMap((x) => x.utterances),
        )
      : pcm,
    sampleRate,
  };
}

/** The accepted captcha reading, decoded, when the voice has one (voices verified before decision 088 do not). */
export async function knownReading(files: FileStorage, pvc: PvcState): Promise<KnownReading | undefined> {
  if (!pvc.knownReading) return undefined;
  const wav = await files.get(pvc.knownReading.path);
  if (!wav) return undefined;
  const { pcm, sampleRate } = decodeWav(wav);
  return { audio: { pcm, sampleRate }, text: pvc.knownReading.text };
}
