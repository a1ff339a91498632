/**
 * The app's own facts for the About box (Help → About in the menu, the About card in Settings): what runs,
 * where its data lives, whether secrets survive a restart. That is what a support call asks first. The
 * data folder is opened by main with the system's file manager; the renderer only asks for it, it never
 * names a path, so a compromised page cannot open anything else.
 */
import { z } from 'zod';

/** The keychain in one word and one sentence; `unknown` where a session has no credentials at all. */
export const aboutKeychainSchema = z.object({
  state: z.enum(['available', 'locked', 'unavailable', 'unknown']),
  /** False in session-only mode: passwords are forgotten when Minerdeck quits. */
  persistent: z.boolean(),
  summary: z.string(),
});
export type AboutKeychain = z.infer<typeof aboutKeychainSchema>;

export const aboutInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** The folder holding settings, the inventory and the window's placement. */
  dataDir: z.string(),
  keychain: aboutKeychainSchema,
});
export type AboutInfo = z.infer<typeof aboutInfoSchema>;

export const appChannels = {
  'app:about': { input: z.void(), output: aboutInfoSchema },
  /** Opens the data folder in the file manager; answers the folder opened. */
  'app:open-data-folder': { input: z.void(), output: z.object({ path: z.string() }) },
} as const;
