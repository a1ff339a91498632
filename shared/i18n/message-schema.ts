/**
 * A MessageRef as a schema, for what crosses IPC and what is stored (outcomes, verdicts, activity
 * entries): a key the catalogs may not know yet (a newer version wrote it) is kept, and the window falls
 * back to the English `message` beside it. Values are plain data or a nested message, a few levels deep.
 */
import { z } from 'zod';
import type { MessageRef, MessageValue } from './message';

const MAX_DEPTH = 3;

function valueSchema(depth: number): z.ZodType<MessageValue> {
  const plain = z.union([z.string().max(2000), z.number(), z.date()]);
  return depth >= MAX_DEPTH ? plain : z.union([plain, z.lazy(() => refSchema(depth + 1))]);
}

function refSchema(depth: number): z.ZodType<MessageRef> {
  return z.object({
    id: z
      .string()
      .regex(/^[a-z][a-zA-Z0-9-]*(\.[a-zA-Z0-9_-]+)+$/)
      .max(120),
    values: z.record(z.string().max(64), valueSchema(depth)).optional(),
  }) as unknown as z.ZodType<MessageRef>;
}

export const messageRefSchema: z.ZodType<MessageRef> = refSchema(0);
