/** The AppError as a schema, for channel outputs that carry per-device errors and for `resultOf`. */
import { z } from 'zod';
import { APP_ERROR_CODES } from '../result';

export const appErrorSchema = z.object({
  code: z.enum(APP_ERROR_CODES),
  message: z.string(),
  detail: z.record(z.string(), z.unknown()).optional(),
});
