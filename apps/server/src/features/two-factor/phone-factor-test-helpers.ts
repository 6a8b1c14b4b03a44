import { listSms } from '../../sms/sms.repo';
import type { Jar } from '../../testing/cookie-jar';
import type { TestApp } from '../../testing/test-app';

let seq = 0;
/** A US number for one test (the outbox is looked up by number). */
export const newPhone = () => `+1415555${String(1000 + ((Date.now() + ++seq) % 9000)).padStart(4, '0')}`;

/** POST with a session's cookies (kept up to date), and the newest code texted to a number. */
export function phoneFactorHarness(getApp: () => TestApp) {
  const post = async (path: string, body: unknown, jar?: Jar) => {
    const app = getApp();
    const res = await app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.publicUrl,
        ...(jar ? { cookie: jar.toString() } : {}),
      },
      body: JSON.stringify(body),
    });
    jar?.take(res);
    return res;
  };
  /** The newest code texted to `phone` (the outbox, or what the fake provider was sent). */
  const lastCode = async (phone: string) => {
    const [sms] = await listSms(getApp().database.db, 1, phone);
    return /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] ?? null;
  };
  return { post, lastCode };
}
