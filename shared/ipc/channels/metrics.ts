/**
 * Site metrics served by the app (Settings → "Site metrics"): what is being served right now. The setting
 * itself goes through `settings:update` like every other; this answers whether serving worked, where, and
 * when the site's Prometheus last scraped, which only main knows.
 */
import { z } from 'zod';
import { messageRefSchema } from '../../i18n/message-schema';

export const siteMetricsStatusSchema = z.object({
  /** The setting: serve or not. */
  enabled: z.boolean(),
  /** The address as set (`127.0.0.1:9464`). */
  address: z.string(),
  /** Where it is served, when it is (`http://127.0.0.1:9464/metrics`). */
  url: z.string().optional(),
  /** When `/metrics` was last served (epoch ms); absent before the first scrape. */
  lastScrapeAt: z.number().optional(),
  /** Why it is not served although enabled (the port is taken, the address is not this machine's). */
  error: z.string().optional(),
  /** `error` as a key and values, for the window's language (issue 35). */
  errorText: messageRefSchema.optional(),
});
export type SiteMetricsStatus = z.infer<typeof siteMetricsStatusSchema>;

export const metricsChannels = {
  'metrics:status': { input: z.void(), output: siteMetricsStatusSchema },
} as const;
