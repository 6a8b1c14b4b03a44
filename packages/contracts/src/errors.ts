import { z } from 'zod';

/** Every non-validation error: {"detail":{"status":"<code>","message":"<text>"}}. */
export const errorResponse = z
  .object({ detail: z.object({ status: z.string(), message: z.string() }) })
  .meta({ id: 'ErrorResponse' });

/** Validation failures (422): {"detail":[{"loc":[...],"msg":"...","type":"..."}]}. */
export const validationErrorResponse = z
  .object({
    detail: z.array(
      z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() }),
    ),
  })
  .meta({ id: 'ValidationErrorResponse' });

export type ErrorResponse = z.infer<typeof errorResponse>;
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;
