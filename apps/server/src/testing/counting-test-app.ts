import { countingDatabase, recordStatementsPerRequest } from './statement-counter';
import { createTestDatabase } from './test-database';
import { startTestApp, type TestApp } from './test-app';

export type CountingTestApp = TestApp & {
  /** Sends one request and answers its status, body and the statements the server ran for it. */
  counted(
    pathname: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: unknown; statements: string[] }>;
};

/**
 * The real app on a fresh database (PGlite or PostgreSQL, by the vitest project), counting the SQL statements it sends
 * per request (statement-counter.ts).
 */
export async function startCountingTestApp(
  opts: { env?: Record<string, string> } = {},
): Promise<CountingTestApp> {
  const own = await createTestDatabase();
  const app = await startTestApp({
    env: opts.env,
    database: { database: countingDatabase(own.database), url: own.url },
  });
  const recorder = recordStatementsPerRequest(app.app.server);
  return {
    ...app,
    async counted(pathname, init) {
      const res = await app.request(pathname, init);
      const text = await res.text();
      // Let work started by the handler without awaiting it reach the database.
      await new Promise((r) => setImmediate(r));
      const statements = recorder.last();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body, statements };
    },
    async close() {
      await app.close();
      await own.drop();
    },
  };
}
