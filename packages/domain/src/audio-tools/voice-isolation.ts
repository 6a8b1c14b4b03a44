/**
 * Rules of voice isolation (decision 097): the spec gives no price; ElevenLabs charges its voice isolator like
 * its voice changer, 1,000 credits per minute of input, so it costs what speech to speech costs, counted the same
 * way, with the same input limits.
 */
import { stsCharacters } from './speech-to-speech';

/** The quota characters isolating `seconds` of audio costs: 1,000 a minute, by the started second. */
export const isolationCharacters = (seconds: number): number => stsCharacters(seconds);
