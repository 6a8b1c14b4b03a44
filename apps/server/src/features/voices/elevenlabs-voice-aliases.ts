/**
 * ElevenLabs' well-known premade voice ids, accepted as aliases of our closest premade voice (same
 * gender and accent), so code copied from ElevenLabs' docs and the SDK's README and reference.md works
 * unchanged. Every voice id of the SDK's examples is here (the dialogue and podcast examples use ids
 * that are not public premades: they map to distinct voices so the speakers still differ). The alias
 * is only an input: responses and history name our voice.
 */

/** ElevenLabs voice id → our premade voice id, with the ElevenLabs voice it stands for. */
export const ELEVENLABS_VOICE_ALIASES: Readonly<Record<string, { name: string; voiceId: string }>> = {
  // Named by the issue and used all over the SDK's examples.
  '21m00Tcm4TlvDq8ikWAM': { name: 'Rachel (US female)', voiceId: 'zjugDQR69KeBdVlIC4vX' }, // Susan
  JBFqnCBsd6RMkjVDRZzb: { name: 'George (British male)', voiceId: 'c2avmqLIl0c1utT58Bzw' }, // Oliver
  EXAVITQu4vr4xnSDxMaL: { name: 'Sarah (US female)', voiceId: 'GuI41nIUB5jhRgGrHrlW' }, // Nora
  // The SDK README's conversion example.
  Xb7hH8MSUJpSbSDYk0k2: { name: 'Alice (British female)', voiceId: '57bKC1JT6Ei2C1UpuvtK' }, // Imogen
  // reference.md: text to dialogue (two speakers each) and the studio podcast (host and guest).
  Aw4FAjKCGjjNkVhN1Xmq: { name: 'dialogue example voice', voiceId: 'zjugDQR69KeBdVlIC4vX' }, // Susan
  bYTqZQo3Jz7LQtmGTgwi: { name: 'dialogue example voice', voiceId: 'PKSK2hUhQzBWvHvDHDvS' }, // Richard
  '6lCwbsX1yVjD49QmpkTR': { name: 'dialogue example voice', voiceId: 'fI7I59w2W3CVbh1jDEyN' }, // Helen
  aw1NgEzBg83R7vgmiJt6: { name: 'podcast example host', voiceId: 'cZu6SI8gppUv1kFPCYh3' }, // Kal
  aw1NgEzBg83R7vgmiJt7: { name: 'podcast example guest', voiceId: 'XgXSVseY6JXEkF1Qa3up' }, // Naomi
  // Other long-standing ElevenLabs premades that tutorials hard-code.
  pNInz6obpgDQGcFmaJgB: { name: 'Adam (US male, deep)', voiceId: 'hptVagBtl9roAVRsmNN6' }, // Kenneth
  ErXwobaYiN019PkySvjV: { name: 'Antoni (US male)', voiceId: 'PKSK2hUhQzBWvHvDHDvS' }, // Richard
  TxGEqnHWrfWFTfGW9XjX: { name: 'Josh (US male, young)', voiceId: 'y7MIaeNYZ4sEevFw8pU8' }, // Karl
  VR6AewLTigWG4xSOukaG: { name: 'Arnold (US male, crisp)', voiceId: 'FgVezstvxkoQ6UJR3pki' }, // Ray
  yoZ06aMxZJJ28mfd3POQ: { name: 'Sam (US male)', voiceId: 'yGS55sreudyy3ZHvuHJI' }, // Martin
  nPczCjzI2devNBz1zQrb: { name: 'Brian (US male, deep)', voiceId: 'hptVagBtl9roAVRsmNN6' }, // Kenneth
  iP95p4xoKVk53GoZ742B: { name: 'Chris (US male)', voiceId: 'PKSK2hUhQzBWvHvDHDvS' }, // Richard
  cjVigY5qzO86Huf0OWal: { name: 'Eric (US male)', voiceId: 'cZu6SI8gppUv1kFPCYh3' }, // Kal
  TX3LPaxmHKxFdv7VOQHJ: { name: 'Liam (US male, young)', voiceId: 'y7MIaeNYZ4sEevFw8pU8' }, // Karl
  bIHbv24MWmeRgasZH58o: { name: 'Will (US male)', voiceId: 'FgVezstvxkoQ6UJR3pki' }, // Ray
  onwK4e9ZLuTAKqWW03F9: { name: 'Daniel (British male)', voiceId: 'c2avmqLIl0c1utT58Bzw' }, // Oliver
  AZnzlk1XvdvUeBnXmlld: { name: 'Domi (US female)', voiceId: 'XgXSVseY6JXEkF1Qa3up' }, // Naomi
  MF3mGyEYCl7XYWbV9V6O: { name: 'Elli (US female, young)', voiceId: 'pGLMEBJzlL0nR0byDP80' }, // Coral
  cgSgspJ2msm6clMCkdW9: { name: 'Jessica (US female, young)', voiceId: 'GuI41nIUB5jhRgGrHrlW' }, // Nora
  FGY2WhTYpPnrIDTdsKH5: { name: 'Laura (US female, young)', voiceId: 'pGLMEBJzlL0nR0byDP80' }, // Coral
  XrExE9yKIg1WjnnlVkGX: { name: 'Matilda (US female)', voiceId: 'fI7I59w2W3CVbh1jDEyN' }, // Helen
  pFZP5JQG7iQjIQuC4Bku: { name: 'Lily (British female)', voiceId: '57bKC1JT6Ei2C1UpuvtK' }, // Imogen
};

/** Our voice id for an ElevenLabs premade voice id, or the id itself when it is not an alias. */
export const resolveVoiceAlias = (voiceId: string): string =>
  ELEVENLABS_VOICE_ALIASES[voiceId]?.voiceId ?? voiceId;
