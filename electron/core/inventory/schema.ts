/**
 * The inventory file (`inventory.json` in the data folder): versioned so an older file is migrated
 * (migrations.ts) and a newer one is left alone, and validated on every load so a damaged or hand-edited
 * file is noticed instead of half-used. Beyond the shapes (shared/domain/inventory.ts) it checks what ties
 * them together: unique site ids, every device in an existing site, one device per id within a site.
 */
import { z } from 'zod';
import { storedVerdictSchema } from '../../../shared/domain/acceptance';
import { activityEntrySchema } from '../../../shared/domain/commission';
import { inventoryDeviceSchema, inventorySettingsSchema, siteSchema } from '../../../shared/domain/inventory';
import { siteLayoutSchema } from '../../../shared/domain/layout';
import {
  importProposalSchema,
  MAX_PROPOSALS,
  storedPoolPresetSchema,
  storedStandardSchema,
} from './stored-records';

/**
 * Version 3 added `activity`: every write to a device, per site (docs/design.md, Commissioning actions, 6).
 * Version 4 added `acceptance`: each device's latest acceptance verdict, per site.
 * Version 5 added `standards`: each site's standard (issue 26).
 * Version 6 added `layouts`: each site's racks, slots and placements (issue 34).
 */
export const INVENTORY_SCHEMA_VERSION = 6;

export const inventorySchema = z
  .object({
    schemaVersion: z.literal(INVENTORY_SCHEMA_VERSION),
    sites: z.array(siteSchema),
    devices: z.array(inventoryDeviceSchema),
    settings: inventorySettingsSchema,
    /** Oldest first; each entry belongs to a site and goes with it. */
    activity: z.array(activityEntrySchema),
    /** Pool presets per site; absent in files written before them, which had none. */
    poolPresets: z.array(storedPoolPresetSchema).default([]),
    /** Addresses and pins imported files proposed for known devices, until accepted (import-proposals.ts). */
    importProposals: z.array(importProposalSchema).max(MAX_PROPOSALS).optional(),
    /** Each device's latest acceptance verdict (a new run replaces it), per site (acceptance/verdict-store.ts). */
    acceptance: z.array(storedVerdictSchema),
    /** Each site's standard (issue 26), at most one per site; absent in files written before it, which had none. */
    standards: z.array(storedStandardSchema).default([]),
    /** Each site's layout (issue 34), at most one per site; absent in files written before it, which had none. */
    layouts: z.array(siteLayoutSchema).default([]),
  })
  .superRefine((inventory, ctx) => {
    const siteIds = new Set<string>();
    inventory.sites.forEach((site, index) => {
      if (siteIds.has(site.id)) {
        ctx.addIssue({ code: 'custom', path: ['sites', index, 'id'], message: `site id "${site.id}" twice` });
      }
      siteIds.add(site.id);
    });
    const deviceKeys = new Set<string>();
    inventory.devices.forEach((device, index) => {
      if (!siteIds.has(device.siteId)) {
        ctx.addIssue({ code: 'custom', path: ['devices', index, 'siteId'], message: 'no such site' });
      }
      const key = `${device.siteId}\n${device.id}`;
      if (deviceKeys.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['devices', index, 'id'], message: 'device twice in its site' });
      }
      deviceKeys.add(key);
    });
    inventory.activity.forEach((entry, index) => {
      if (!siteIds.has(entry.siteId)) {
        ctx.addIssue({ code: 'custom', path: ['activity', index, 'siteId'], message: 'no such site' });
      }
    });
    const presetKeys = new Set<string>();
    inventory.poolPresets.forEach((preset, index) => {
      if (!siteIds.has(preset.siteId)) {
        ctx.addIssue({ code: 'custom', path: ['poolPresets', index, 'siteId'], message: 'no such site' });
      }
      const key = `${preset.siteId}\n${preset.name.toLowerCase()}`;
      if (presetKeys.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['poolPresets', index, 'name'], message: 'preset name twice' });
      }
      presetKeys.add(key);
    });
    const verdictKeys = new Set<string>();
    inventory.acceptance.forEach((verdict, index) => {
      if (!siteIds.has(verdict.siteId)) {
        ctx.addIssue({ code: 'custom', path: ['acceptance', index, 'siteId'], message: 'no such site' });
      }
      const key = `${verdict.siteId}\n${verdict.deviceId}`;
      if (verdictKeys.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['acceptance', index, 'deviceId'], message: 'two verdicts' });
      }
      verdictKeys.add(key);
    });
    const standardSites = new Set<string>();
    inventory.standards.forEach((standard, index) => {
      if (!siteIds.has(standard.siteId) || standardSites.has(standard.siteId)) {
        const message = standardSites.has(standard.siteId) ? 'two standards' : 'no such site';
        ctx.addIssue({ code: 'custom', path: ['standards', index, 'siteId'], message });
      }
      standardSites.add(standard.siteId);
    });
    const layoutSites = new Set<string>();
    inventory.layouts.forEach((layout, index) => {
      if (!siteIds.has(layout.siteId) || layoutSites.has(layout.siteId)) {
        const message = layoutSites.has(layout.siteId) ? 'two layouts' : 'no such site';
        ctx.addIssue({ code: 'custom', path: ['layouts', index, 'siteId'], message });
      }
      layoutSites.add(layout.siteId);
    });
    const current = inventory.settings.currentSiteId;
    if (current !== null && !siteIds.has(current)) {
      ctx.addIssue({ code: 'custom', path: ['settings', 'currentSiteId'], message: 'no such site' });
    }
  });

export type Inventory = z.infer<typeof inventorySchema>;

export const emptyInventory = (): Inventory => ({
  schemaVersion: INVENTORY_SCHEMA_VERSION,
  sites: [],
  devices: [],
  settings: { currentSiteId: null },
  activity: [],
  poolPresets: [],
  acceptance: [],
  standards: [],
  layouts: [],
});

/** "devices.3.address: expected string" for the first few issues: enough to find the spot in the file. */
export function describeIssues(error: z.ZodError, max = 3): string {
  const shown = error.issues
    .slice(0, max)
    .map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return shown.join('; ') + more;
}
