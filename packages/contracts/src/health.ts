import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  database_kind: z.enum(['pglite', 'postgres']),
});
export const readyResponse = z.object({ status: z.enum(['ready', 'starting', 'stopping']) });
