/**
 * The time billing runs on. Production reads the system clock; tests move it forward to reach period
 * ends without sleeping (`advance`). Every billing decision takes its "now" from here, never from SQL now().
 */
export class BillingClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves billing time forward (tests and operators' dry runs only). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Moves billing time to just after `at`. */
  advanceTo(at: Date): void {
    const delta = at.getTime() - this.now().getTime();
    if (delta > 0) this.offsetMs += delta + 1000;
  }
}

/** The end of a billing period that starts at `start` (calendar months, like Stripe's billing anchor). */
export function addPeriod(start: Date, period: 'monthly_period' | 'annual_period', count = 1): Date {
  const end = new Date(start);
  const months = (period === 'annual_period' ? 12 : 1) * count;
  const day = end.getUTCDate();
  end.setUTCMonth(end.getUTCMonth() + months, 1);
  // Keep the anchor day, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb).
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}
