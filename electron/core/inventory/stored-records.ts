/**
 * The shapes of the inventory file's own records, beyond the shared domain's sites, devices and activity:
 * a site's pool presets and the addresses and pins imported files proposed. They live here, below both
 * the file's schema (schema.ts, which validates the whole file) and the modules that work on them
 * (pool-presets.ts, import-proposals.ts), so neither side imports the other to know them.
 */
import { z } from 'zod';
import {
  addressSightingSchema,
  inventoryDeviceSchema,
  isoTimeSchema,
} from '../../../shared/domain/inventory';
import { poolPresetSchema } from '../../../shared/domain/pools';
import { siteStandardSchema } from '../../../shared/domain/standard';

/** A preset in the inventory file: the site it belongs to, and goes with. */
export const storedPoolPresetSchema = poolPresetSchema.extend({ siteId: z.string() });
export type StoredPoolPreset = z.infer<typeof storedPoolPresetSchema>;

/** A site's standard in the inventory file (one per site): the site it belongs to, and goes with. */
export const storedStandardSchema = siteStandardSchema.extend({ siteId: z.string() });
export type StoredStandard = z.infer<typeof storedStandardSchema>;

export const PROPOSAL_FIELDS = ['address', 'tlsPin'] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

export const importProposalSchema = z.object({
  siteId: z.string(),
  deviceId: z.string(),
  field: z.enum(PROPOSAL_FIELDS),
  /** The file's address (canonical) or certificate fingerprint. */
  value: z.string(),
  /** The file's sighting of that address: goes into the address history when accepted. */
  sighting: addressSightingSchema.optional(),
  /** A device the site does not have yet (known elsewhere here): the file's record, added when accepted. */
  device: inventoryDeviceSchema.omit({ siteId: true }).optional(),
  /** Who said so: the laptop named in the file. */
  from: z.string(),
  /** When the file was imported here. */
  at: isoTimeSchema,
});
export type ImportProposal = z.infer<typeof importProposalSchema>;

/** A bound so a hostile file cannot grow the inventory without end (a file has at most this many devices). */
export const MAX_PROPOSALS = 20_000;
