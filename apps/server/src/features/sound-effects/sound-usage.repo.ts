/**
 * Sound-effect seconds per workspace and monthly period (decision 104): the check and the debit are one
 * UPDATE, so concurrent requests never spend more than the plan allows; a period past its end starts at zero.
 */
import { secondsMeter } from '../../db/seconds-meter';
import { soundEffectUsage } from '../../db/schema/sound-effects';

const meter = secondsMeter(soundEffectUsage);
/** Debits `seconds` unless that passes `limit` (-1: unlimited); the seconds used after, or null when refused. */
export const debitSfxSeconds = meter.debit;
/** Gives seconds back (a failed generation). */
export const refundSfxSeconds = meter.refund;
/** Seconds used in the current period (0 when the period has ended or none was used). */
export const sfxSecondsUsed = meter.used;
