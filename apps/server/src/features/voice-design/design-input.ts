/** The inputs of a design call, checked: the description, the preview text, the errors it answers. */
import type { DesignVoiceBody } from '@vocalis/contracts/text-to-voice';
import {
  autoPreviewText,
  DESCRIPTION_MIN,
  PREVIEW_TEXT_MAX,
  PREVIEW_TEXT_MIN,
  PREVIEW_TTL_HOURS,
  previewTextRefusal,
  type DesignedAttributes,
} from '@vocalis/domain/voices/voice-design';
import { parseVoiceDescription, type ParsedDescription } from '@vocalis/domain/voices/voice-description';
import { badRequest, notFound } from '../../errors';

/** An unknown, expired or other workspace's generated_voice_id (one answer for all three). */
export const previewNotFound = (id: string) =>
  notFound(
    `No voice preview with generated_voice_id ${id}: previews are kept for ${PREVIEW_TTL_HOURS} hours ` +
      'and only for the workspace that generated them. Generate new previews and create the voice from one of those.',
    'generated_voice_not_found',
  );

/** A preview's attributes as stored (the nudge is not an attribute). */
export function attributeRecord(d: DesignedAttributes): Record<string, string> {
  const { variation: _variation, ...rest } = d;
  return rest;
}

/** The description, read; one that gives nothing to go on is refused rather than guessed. */
export function readDescription(description: string): ParsedDescription {
  if (description.trim().length < DESCRIPTION_MIN)
    throw badRequest(
      'voice_description must describe the voice, for example "a deep, slow, older British man, warm and calm".',
      'invalid_voice_description',
    );
  return parseVoiceDescription(description);
}

/** The caller's text (100–1000 characters) or, when none is sent or auto_generate_text is set, one written for the voice. */
export function previewText(
  body: DesignVoiceBody,
  parsed: ParsedDescription,
): { text: string; auto: boolean } {
  const sent = body.text?.trim();
  if (body.auto_generate_text || !sent) return { text: autoPreviewText(parsed.attributes), auto: true };
  if (sent.length < PREVIEW_TEXT_MIN || sent.length > PREVIEW_TEXT_MAX)
    throw badRequest(previewTextRefusal(sent.length), 'invalid_text');
  return { text: sent, auto: false };
}
