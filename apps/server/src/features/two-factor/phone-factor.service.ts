import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppDb } from '../../db/client';
import { badRequest, AppError } from '../../errors';
import { hitRateLimit } from '../../auth/rate-limits.repo';
import type { SmsSender } from '../../sms/sms-sender';
import * as repo from './phone-factor.repo';

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
/** Enrolment texts per user per hour: texting costs money and can be abused to spam a number. */
const MAX_ENROLMENT_TEXTS_PER_HOUR = 5;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');
const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const PHONE_FACTOR_MESSAGES = {
  invalidCode: 'The code is invalid or has expired. Please request a new one.',
  tooManyAttempts: 'Too many attempts, please try again in a few minutes.',
  noPending: 'Request a code for this phone number first.',
  sendFailed: 'We could not send a text message to this number. Please check it and try again.',
  notEnrolled: 'No phone number is enrolled for two-factor authentication.',
  passwordRequired: 'Confirm with your password.',
} as const;

/** "+1 555 0100 123" → "•••• 0123": how the number is shown back. */
export function maskPhone(phone: string): string {
  return `•••• ${phone.slice(-4)}`;
}

/** The phone (SMS) second factor: enrolment by a texted code, removal, and the sign-in code's delivery. */
export class PhoneFactorService {
  constructor(
    private readonly db: AppDb,
    private readonly sms: SmsSender,
  ) {}

  /** Texts an enrolment code to `phone` (E.164); the number is not a factor until the code is confirmed. */
  async startEnrolment(userId: string, phone: string): Promise<void> {
    await this.textCode(
      userId,
      phone,
      (code) => `Your Vocalis verification code is ${code}. It expires in 10 minutes.`,
    );
  }

  /** Texts a new code to `phone` and keeps its hash as the pending one (rate-limited per user). */
  private async textCode(userId: string, phone: string, body: (code: string) => string): Promise<void> {
    const sent = await hitRateLimit(this.db, `sms-enrol:${userId}`, 3600);
    if (sent > MAX_ENROLMENT_TEXTS_PER_HOUR) {
      throw new AppError(429, 'too_many_requests', PHONE_FACTOR_MESSAGES.tooManyAttempts);
    }
    const code = sixDigits();
    await repo.setPending(this.db, userId, {
      phone,
      codeHash: hash(code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    try {
      await this.sms.send({ to: phone, body: body(code) });
    } catch {
      throw badRequest(PHONE_FACTOR_MESSAGES.sendFailed, 'sms_send_failed');
    }
  }

  /** Confirms the texted code: the number becomes the second factor, asked for at every sign-in. */
  async confirmEnrolment(userId: string, phone: string, code: string): Promise<Date> {
    const codeHash = await this.checkPendingCode(userId, phone, code);
    const enrolledAt = await repo.confirmPending(this.db, userId, codeHash);
    if (!enrolledAt) throw badRequest(PHONE_FACTOR_MESSAGES.invalidCode, 'invalid_code');
    return enrolledAt;
  }

  /**
   * Without a password (a social sign-up), removing the phone is confirmed by a code texted to the
   * enrolled number: possession of the factor being removed, on top of the session.
   */
  async startRemoval(userId: string): Promise<void> {
    const factor = await this.enrolled(userId);
    if (!factor) throw badRequest(PHONE_FACTOR_MESSAGES.notEnrolled, 'SMS_MFA_NOT_ENROLLED');
    await this.textCode(
      userId,
      factor.phone,
      (code) => `Your Vocalis code to remove this phone number is ${code}. It expires in 10 minutes.`,
    );
  }

  /** Removes the phone when `code` is the removal code texted to the enrolled number. */
  async removeWithCode(userId: string, code: string): Promise<void> {
    const factor = await this.enrolled(userId);
    if (!factor) throw badRequest(PHONE_FACTOR_MESSAGES.notEnrolled, 'SMS_MFA_NOT_ENROLLED');
    await this.checkPendingCode(userId, factor.phone, code);
    await repo.removePhoneFactor(this.db, userId);
  }

  /** Checks `code` against the code last texted to `phone`; counts a wrong one. Returns the code's hash. */
  private async checkPendingCode(userId: string, phone: string, code: string): Promise<string> {
    const row = await repo.findPhoneFactor(this.db, userId);
    if (!row?.pendingCodeHash || row.pendingPhoneNumber !== phone) {
      throw badRequest(PHONE_FACTOR_MESSAGES.noPending, 'no_pending_phone');
    }
    if (row.pendingAttempts >= MAX_CODE_ATTEMPTS) {
      throw new AppError(429, 'too_many_attempts', PHONE_FACTOR_MESSAGES.tooManyAttempts);
    }
    const given = Buffer.from(hash(code.trim()), 'hex');
    const expected = Buffer.from(row.pendingCodeHash, 'hex');
    const expired = !row.pendingExpiresAt || row.pendingExpiresAt.getTime() < Date.now();
    if (expired || !timingSafeEqual(given, expected)) {
      await repo.countPendingAttempt(this.db, userId);
      throw badRequest(PHONE_FACTOR_MESSAGES.invalidCode, 'invalid_code');
    }
    return row.pendingCodeHash;
  }

  async remove(userId: string): Promise<void> {
    await repo.removePhoneFactor(this.db, userId);
  }

  /** The enrolled factor, for GET /v1/user and the settings page. */
  async enrolled(userId: string): Promise<{ phone: string; enrolledAt: Date } | null> {
    const row = await repo.findPhoneFactor(this.db, userId);
    return row?.phoneNumber && row.enrolledAt ? { phone: row.phoneNumber, enrolledAt: row.enrolledAt } : null;
  }

  /** better-auth's twoFactor `sendOTP`: texts the sign-in code to the enrolled number. */
  async sendSignInCode(userId: string, code: string): Promise<void> {
    const factor = await this.enrolled(userId);
    if (!factor) throw badRequest(PHONE_FACTOR_MESSAGES.notEnrolled, 'SMS_MFA_NOT_ENROLLED');
    await this.sms.send({
      to: factor.phone,
      body: `Your Vocalis sign-in code is ${code}. It expires in 5 minutes.`,
    });
  }

  /** After the authenticator app is removed: the second factor stays required while a phone is enrolled. */
  async keepRequiredIfEnrolled(userId: string): Promise<void> {
    if (await this.enrolled(userId)) await repo.requireSecondFactor(this.db, userId);
  }

  hasPhoneFactor(email: string): Promise<boolean> {
    return repo.enrolledPhoneByEmail(this.db, email).then(Boolean);
  }
}
