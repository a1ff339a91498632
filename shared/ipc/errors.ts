/** The AppError as a schema, for channel outputs that carry per-device errors and for `resultOf`. */
import { z } from 'zod';
import { APP_ERROR_CODES } from '../result';
import { messageRefSchema } from '../i18n/message-schema';

export const appErrorSchema = z.object({
  code: z.enum(APP_ERROR_CODES),
  message: z.string(),
  detail: z.record(z.string(), z.unknown()).optional(),
  /** The sentence as a catalog key and values, for the window's language (issue 35). */
  text: messageRefSchema.optional(),
});
