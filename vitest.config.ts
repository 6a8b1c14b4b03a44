import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/longest-first-sequencer';

const INTEGRATION = ['apps/server/src/**/*.routes.test.ts', 'apps/server/src/**/*.int.test.ts'];
const alias = { '@': path.resolve(import.meta.dirname, 'apps/web/src') };
// Base-voice measures shared by the suites of one run (packages/speech/src/profile/baseline-store.ts).
const VOCALIS_VOICE_BASELINES = path.join(os.tmpdir(), `vocalis-voice-baselines-${process.pid}.json`);

/** PostgreSQL for the second integration run: TEST_DATABASE_URL, or the local server when it answers. */
async function postgresUrl(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const up = await new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: 5432, timeout: 500 });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
  return up ? 'postgres://postgres@127.0.0.1:5432/test' : undefined;
}

export default defineConfig(async () => {
  const pgUrl = await postgresUrl();
  const integration = (name: string, env: Record<string, string>) => ({
    resolve: { alias },
    test: {
      name,
      include: INTEGRATION,
      environment: 'node',
      env: { ...env, VOCALIS_VOICE_BASELINES },
      globalSetup: ['apps/server/src/testing/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Suites share their worker's modules (each still starts its own app on its own database): importing
      // the server once per worker instead of once per suite halves the run's CPU (decision 042).
      isolate: false,
      // Two workers on two cores: much of a suite's time is spent waiting on PostgreSQL and child processes.
      maxWorkers: 2,
    },
  });
  return {
    test: {
      // Longest suites first, from a committed record (decision 240).
      sequence: { sequencer: LongestFirstSequencer },
      projects: [
        {
          resolve: { alias },
          test: {
            name: 'unit',
            env: { VOCALIS_VOICE_BASELINES },
            maxWorkers: 2,
            include: [
              'packages/*/src/**/*.test.ts',
              'apps/server/src/**/*.test.ts',
              'apps/web/src/**/*.test.{ts,tsx}',
              'scripts/**/*.test.ts',
            ],
            exclude: [...INTEGRATION, '**/node_modules/**'],
          },
        },
        integration('int:pglite', { TEST_DB: 'pglite' }),
        ...(pgUrl ? [integration('int:postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl })] : []),
      ],
    },
  };
});
