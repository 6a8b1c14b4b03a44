import { ElevenLabsError } from '@elevenlabs/elevenlabs-js';

export type SdkOutcome = { status: number; code?: string; message?: string };

/**
 * How an SDK call ends as a user of the API sees it: 200 when it succeeds, else the HTTP status with the
 * detail's code and message. Errors that are not API answers (a bug in the test, a network failure) are thrown.
 */
export async function sdkOutcome(call: Promise<unknown>): Promise<SdkOutcome> {
  try {
    await call;
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error;
    const detail = (error.body as { detail?: { status?: string; message?: string } } | undefined)?.detail;
    return { status: error.statusCode ?? 0, code: detail?.status, message: detail?.message };
  }
}
