import path from 'node:path';
import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', testMatch: 'elevenlabs-client.spec.ts', outputDir: path.join(import.meta.dirname, 'artifacts'), workers: 1, timeout: 60_000, reporter: [['list']] });
