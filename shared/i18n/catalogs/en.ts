/**
 * The English catalog, every area in one object: the source every other catalog is held to, the fallback
 * for a key a catalog lacks, and the type of every key (`MessageId`). The window bundles it (it paints in
 * English until another language is loaded, and falls back to it); the other languages are chunks of their
 * own (./ru.ts, ./es.ts, ./zh-hans.ts). Zod-free: the window imports it.
 */
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enOutcomes from './en/outcomes.json';
import enFleet from './en/fleet.json';
import enFleetActions from './en/fleet-actions.json';
import enDevice from './en/device.json';
import enDiscover from './en/discover.json';
import enPlacing from './en/placing.json';
import enRacks from './en/racks.json';
import enStandard from './en/standard.json';
import enSites from './en/sites.json';
import enReportView from './en/report-view.json';
import enReport from './en/report.json';
import enSettings from './en/settings.json';

const en = {
  ...enCommon,
  ...enErrors,
  ...enOutcomes,
  ...enFleet,
  ...enFleetActions,
  ...enDevice,
  ...enDiscover,
  ...enPlacing,
  ...enRacks,
  ...enStandard,
  ...enSites,
  ...enReportView,
  ...enReport,
  ...enSettings,
};

/** Every message the product has: the English catalog's keys. */
export type MessageId = keyof typeof en;
export type Catalog = Readonly<Record<string, string>>;

export const EN_CATALOG: Catalog = en;
