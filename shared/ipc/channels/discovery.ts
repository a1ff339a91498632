/**
 * Discovery channels: the laptop's subnets to suggest, checking what the technician typed (count and the
 * first bad item with its position, before anything is sent on the network), starting a scan whose
 * results and progress stream back as `discovery:*` events, and cancelling it.
 */
import { z } from 'zod';

/** Long enough for a pasted spreadsheet column of thousands of addresses. */
export const MAX_TARGETS_TEXT = 1_000_000;

export const discoveredIdentitySchema = z.object({
  mac: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  hostname: z.string().nullable(),
  serial: z.string().nullable(),
});

export const discoveredHostSchema = z.object({
  address: z.string(),
  port: z.number(),
  scheme: z.enum(['http', 'https']),
  kind: z.enum(['device', 'http-other']),
  identity: discoveredIdentitySchema.nullable(),
  seen: z.enum(['new', 'known', 'moved']),
  previousAddress: z.string().optional(),
  sameMacAs: z.array(z.string()).optional(),
  tlsFingerprint256: z.string().optional(),
});

export const scanProgressSchema = z.object({
  probed: z.number(),
  total: z.number(),
  found: z.number(),
  rate: z.number(),
  etaSeconds: z.number().nullable(),
  elapsedMs: z.number(),
});

export const scanSummarySchema = z.object({
  probed: z.number(),
  total: z.number(),
  found: z.number(),
  durationMs: z.number(),
  cancelled: z.boolean(),
  unresolved: z.array(z.string()),
  failed: z.number(),
});

export const subnetSuggestionSchema = z.object({
  interfaceName: z.string(),
  address: z.string(),
  cidr: z.string(),
  hostCount: z.number(),
  capped: z.boolean(),
});
export type SubnetSuggestionView = z.infer<typeof subnetSuggestionSchema>;

const portSchema = z.number().int().min(1).max(65_535);

export const scanRequestSchema = z.object({
  targets: z.string().max(MAX_TARGETS_TEXT),
  /** Default: the ports of the settings. */
  ports: z.array(portSchema).min(1).max(16).optional(),
  connectTimeoutMs: z.number().int().min(20).max(60_000).optional(),
  concurrency: z.number().int().min(1).max(4096).optional(),
  /** Required above 65,536 addresses. */
  confirmed: z.boolean().optional(),
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

export const discoveryChannels = {
  /** The laptop's own networks, and (demo) a range to pre-fill. */
  'discovery:suggest': {
    input: z.void(),
    output: z.object({
      subnets: z.array(subnetSuggestionSchema),
      prefill: z.object({ targets: z.string(), ports: z.array(portSchema) }).optional(),
    }),
  },
  /** Parses targets without scanning: how many addresses, or INVALID_INPUT naming the bad item. */
  'discovery:check': {
    input: z.object({ targets: z.string().max(MAX_TARGETS_TEXT) }),
    output: z.object({ count: z.number(), needsConfirmation: z.boolean() }),
  },
  /** Starts a scan (one at a time); results and progress arrive as events carrying `scanId`. */
  'discovery:start': {
    input: scanRequestSchema,
    output: z.object({ scanId: z.string(), total: z.number() }),
  },
  'discovery:cancel': {
    input: z.object({ scanId: z.string().max(100) }),
    output: z.object({ cancelled: z.boolean() }),
  },
} as const;
