/**
 * Commissioning writes from the window (docs/design.md, Commissioning actions). "Change password…": a preview
 * first (`commission:password-plan`: who will change, who is skipped and why), then one change per device
 * (`commission:password-change`), whose outcomes also stream as `commission:device` events.
 *
 * The new password travels renderer → main only, inside the one change request, and is never echoed.
 * "Generate a strong one" is made by main (`commission:password-generate`): the page gets it once, to
 * show it; main keeps it for the change request (which then names it, `{kind: 'generated'}`, instead of
 * sending it back) and puts it on the clipboard on request (`commission:password-copy`).
 */
import { z } from 'zod';
import { writePlanEntrySchema, writeResultSchema } from '../../domain/commission';
import { newPasswordProblem } from '../../domain/password-rules';

const deviceIds = z.array(z.string().min(1).max(128)).min(1).max(20_000);

/** `site`: stored as the site's password (the devices' shared one); `own`: as each device's own. */
export const PASSWORD_CHANGE_MODES = ['site', 'own'] as const;
export type PasswordChangeMode = (typeof PASSWORD_CHANGE_MODES)[number];

/** The rules of password-rules.ts; the message names the rule, never the value. */
const newPassword = z.string().superRefine((value, ctx) => {
  const problem = newPasswordProblem(value);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `new password: ${problem}` });
});

export const newPasswordInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('typed'), password: newPassword }),
  /** The one `commission:password-generate` made last. */
  z.strictObject({ kind: z.literal('generated') }),
]);
export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;

export const passwordChangeOutputSchema = z.object({
  /** One per device id asked for, in that order. */
  results: z.array(writeResultSchema),
  /** "password changed on 48 of 49 devices; 1 failed; 1 skipped" (as in the activity log and the report). */
  summary: z.string(),
  /** Why the site's activity log could not record the change (the change itself happened). */
  activityError: z.string().optional(),
});
export type PasswordChangeOutput = z.infer<typeof passwordChangeOutputSchema>;

export const commissionChannels = {
  /** The preview: for each device, whether its password will be changed, or why it is skipped. */
  'commission:password-plan': {
    input: z.strictObject({ deviceIds, mode: z.enum(PASSWORD_CHANGE_MODES) }),
    output: z.array(writePlanEntrySchema),
  },
  /**
   * Changes the password of the devices the preview marked to change (`confirmed`) that can still take
   * it; every other device of `deviceIds` is reported skipped. One POST per device, never resent.
   */
  'commission:password-change': {
    input: z.strictObject({
      deviceIds,
      confirmed: z.array(z.string().min(1).max(128)).max(20_000),
      mode: z.enum(PASSWORD_CHANGE_MODES),
      password: newPasswordInputSchema,
    }),
    output: passwordChangeOutputSchema,
  },
  /** A strong password made by main, shown once; main keeps it for the change request and for copying. */
  'commission:password-generate': {
    input: z.void(),
    output: z.object({ password: z.string() }),
  },
  /** Main puts the generated password on the clipboard. */
  'commission:password-copy': {
    input: z.void(),
    output: z.object({ message: z.string() }),
  },
} as const;
