import { z } from 'zod';

/** Query of the Studio export routes (decision 172). */
export const exportQuery = z.object({
  format: z
    .enum(['mp3', 'zip'])
    .default('mp3')
    .meta({ description: '`mp3`: one file; `zip`: one mp3 per chapter (project export only).' }),
  acx: z.enum(['true', 'false']).optional().meta({
    description:
      "ACX levels (RMS −23 to −18 dB, peaks ≤ −3 dB, floor ≤ −60 dB, 192 kbps). Default: the project's acx_volume_normalization.",
  }),
});
export type ExportQuery = z.infer<typeof exportQuery>;
