/**
 * The inventory channels' implementation (shared/ipc/channels/inventory.ts) over the inventory services
 * and the report, spread into `createHandlers`. Thin on purpose: every rule lives in the services, so the
 * CLI and the app behave the same.
 */
import type { inventoryChannels } from '../../../shared/ipc/channels/inventory';
import type { HandlersOf } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import { summarizeActivity } from '../../../shared/domain/commission';
import type { InventoryServices } from '../inventory/inventory-services';
import { renderReport } from '../report/render-report';
import type { ReportService } from '../report/report-service';

export type InventoryHandlers = HandlersOf<typeof inventoryChannels>;

export function inventoryHandlers(s: {
  inventory: InventoryServices;
  report: ReportService;
}): InventoryHandlers {
  const { inventory } = s;
  return {
    'sites:list': () => inventory.listSites(),
    'sites:create': (input) =>
      inventory.createSite({
        name: input.name,
        ...(input.subnets !== undefined ? { subnets: input.subnets } : {}),
        ...(input.use !== undefined ? { use: input.use } : {}),
      }),
    'sites:rename': ({ site, name }) => inventory.renameSite(site, name),
    'sites:set-subnets': ({ site, subnets }) => inventory.setSubnets(site, subnets),
    'sites:use': ({ site }) => inventory.useSite(site),
    'sites:delete': ({ site, confirm }) =>
      inventory.deleteSite(site, confirm === undefined ? {} : { confirm }),
    'inventory:devices': (input) => inventory.devices(input?.site),
    'inventory:edit-device': ({ site, deviceId, label, notes }) =>
      inventory.editDevice(site, deviceId, {
        ...(label !== undefined ? { label } : {}),
        ...(notes !== undefined ? { notes } : {}),
      }),
    'inventory:remove-device': ({ site, deviceId }) => inventory.removeDevice(site, deviceId),
    'inventory:trust-certificate': ({ site, deviceId, fingerprint }) =>
      inventory.trustCertificate(site, deviceId, fingerprint),
    'inventory:import': ({ text, into }) => inventory.importText(text, into === undefined ? {} : { into }),
    async 'inventory:accept-import'({ site, deviceId, field }) {
      const done = await inventory.acceptImported(site, [deviceId], field);
      return done.ok ? ok({ accepted: done.value.accepted }) : done;
    },
    async 'inventory:export'(input) {
      const exported = await inventory.exportSite(input?.site);
      if (!exported.ok) return exported;
      const { fileName, content, export: value } = exported.value;
      return ok({ fileName, content, siteName: value.site.name, devices: value.devices.length });
    },
    async 'sites:activity'(input) {
      const filter = input?.deviceId === undefined ? {} : { deviceId: input.deviceId };
      const log = await inventory.activity(input?.site, filter);
      if (!log.ok) return log;
      return ok(log.value.map((entry) => ({ ...entry, summary: summarizeActivity(entry) })));
    },
    async 'report:generate'({ site, format, check, technician, language }) {
      const report = await s.report.report({
        ...(site !== undefined ? { site } : {}),
        ...(check !== undefined ? { check } : {}),
        ...(technician !== undefined ? { technician } : {}),
      });
      if (!report.ok) return report;
      const { fileName, mimeType, content } = renderReport(report.value, format, language);
      return ok({ report: report.value, fileName, mimeType, content });
    },
  };
}
