import { ipLimitKey } from '../auth/ip-limit-key';
import { hitRateLimit, takeRateLimits } from '../auth/rate-limits.repo';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { AppError } from '../errors';
import { currentMailContext } from './mail-context';

/** What a caller over a mail limit is told (the same words as the per-feature mail limits). */
export const MAIL_LIMIT_MESSAGE = 'Too many requests, please try again in a few minutes.';

/** 429 `too_many_requests`: no mail was sent. */
export class MailLimitError extends AppError {
  constructor() {
    super(429, 'too_many_requests', MAIL_LIMIT_MESSAGE);
    this.name = 'MailLimitError';
  }
}

export const normalizeAddress = (address: string) => address.trim().toLowerCase();

/**
 * The one limit on outgoing mail (decision 030): per recipient address and per client IP, fixed windows
 * counted in the database (atomic, shared by every node). The Mailer applies it to every message; an
 * endpoint where an anonymous caller names an address reserves first, so it answers the same whether or
 * not a mail goes out (no account enumeration through the limit).
 */
export class MailLimiter {
  constructor(
    private readonly db: AppDb,
    private readonly limits: Config['mailLimits'],
  ) {}

  private keys(address: string, ip: string | null) {
    return [
      { key: `mail:to:${normalizeAddress(address)}`, limit: this.limits.perAddress },
      ...(ip ? [{ key: `mail:ip:${ipLimitKey(ip)}`, limit: this.limits.perIp }] : []),
    ];
  }

  /** Takes one mail from the address's and the IP's budgets, or none when either is spent. */
  take(address: string, ip: string | null): Promise<boolean> {
    return takeRateLimits(this.db, this.keys(address, ip), this.limits.windowSeconds);
  }

  /** Counts a mail that is sent whatever the budgets say (a notice of something already done). */
  async count(address: string, ip: string | null): Promise<void> {
    await Promise.all(
      this.keys(address, ip).map((k) => hitRateLimit(this.db, k.key, this.limits.windowSeconds)),
    );
  }

  /**
   * Reserves, for the current request, one mail to `address` (throws MailLimitError when over a limit);
   * a mail to that address later in the same request is not counted again. Outside a request it does
   * nothing: the Mailer counts the mail when it is sent.
   */
  async reserve(address: string): Promise<void> {
    const context = currentMailContext();
    if (!context) return;
    const normalized = normalizeAddress(address);
    if (context.reserved.has(normalized)) return;
    if (!(await this.take(normalized, context.ip))) throw new MailLimitError();
    context.reserved.add(normalized);
  }
}
