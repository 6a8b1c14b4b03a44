import { totpFromUri } from '../apps/server/src/testing/totp';

/** A code for the next 30-second window if this one is about to end, so it is still valid on arrival. */
export function freshCode(uri: string): string {
  const msLeft = 30_000 - (Date.now() % 30_000);
  return totpFromUri(uri, msLeft < 3_000 ? Date.now() + msLeft : Date.now());
}

/** The otpauth URI of an enrolment, from the secret the dialog shows. */
export function totpUri(email: string, secret: string): string {
  return `otpauth://totp/Vocalis:${encodeURIComponent(email)}?secret=${secret}&digits=6&period=30`;
}
