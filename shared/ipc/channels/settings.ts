/** Settings channels: read them, change some of them (the answer is the whole new set). */
import { z } from 'zod';
import { appSettingsSchema, settingsPatchSchema } from '../../domain/settings';

export const settingsChannels = {
  'settings:get': { input: z.void(), output: appSettingsSchema },
  'settings:update': { input: settingsPatchSchema, output: appSettingsSchema },
} as const;
