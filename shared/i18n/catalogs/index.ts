/**
 * The message catalogs (issue 35), one JSON file per area and language: `catalogs/<locale>/<area>.json`,
 * flat keys that start with the area (`fleet.toolbar.commission`), values in ICU MessageFormat
 * (`{count, plural, one {# device} other {# devices}}`). English is the source; the test
 * tests/unit/shared/i18n-catalogs.test.ts holds every other catalog to its keys and placeholders.
 * One file per area so that work on one view never touches another's file. Zod-free: the window imports it.
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
import ruCommon from './ru/common.json';
import ruErrors from './ru/errors.json';
import ruOutcomes from './ru/outcomes.json';
import ruFleet from './ru/fleet.json';
import ruFleetActions from './ru/fleet-actions.json';
import ruDevice from './ru/device.json';
import ruDiscover from './ru/discover.json';
import ruPlacing from './ru/placing.json';
import ruRacks from './ru/racks.json';
import ruStandard from './ru/standard.json';
import ruSites from './ru/sites.json';
import ruReportView from './ru/report-view.json';
import ruReport from './ru/report.json';
import ruSettings from './ru/settings.json';
import esCommon from './es/common.json';
import esErrors from './es/errors.json';
import esOutcomes from './es/outcomes.json';
import esFleet from './es/fleet.json';
import esFleetActions from './es/fleet-actions.json';
import esDevice from './es/device.json';
import esDiscover from './es/discover.json';
import esPlacing from './es/placing.json';
import esRacks from './es/racks.json';
import esStandard from './es/standard.json';
import esSites from './es/sites.json';
import esReportView from './es/report-view.json';
import esReport from './es/report.json';
import esSettings from './es/settings.json';
import zhHansCommon from './zh-Hans/common.json';
import zhHansErrors from './zh-Hans/errors.json';
import zhHansOutcomes from './zh-Hans/outcomes.json';
import zhHansFleet from './zh-Hans/fleet.json';
import zhHansFleetActions from './zh-Hans/fleet-actions.json';
import zhHansDevice from './zh-Hans/device.json';
import zhHansDiscover from './zh-Hans/discover.json';
import zhHansPlacing from './zh-Hans/placing.json';
import zhHansRacks from './zh-Hans/racks.json';
import zhHansStandard from './zh-Hans/standard.json';
import zhHansSites from './zh-Hans/sites.json';
import zhHansReportView from './zh-Hans/report-view.json';
import zhHansReport from './zh-Hans/report.json';
import zhHansSettings from './zh-Hans/settings.json';

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
const ru = {
  ...ruCommon,
  ...ruErrors,
  ...ruOutcomes,
  ...ruFleet,
  ...ruFleetActions,
  ...ruDevice,
  ...ruDiscover,
  ...ruPlacing,
  ...ruRacks,
  ...ruStandard,
  ...ruSites,
  ...ruReportView,
  ...ruReport,
  ...ruSettings,
};
const es = {
  ...esCommon,
  ...esErrors,
  ...esOutcomes,
  ...esFleet,
  ...esFleetActions,
  ...esDevice,
  ...esDiscover,
  ...esPlacing,
  ...esRacks,
  ...esStandard,
  ...esSites,
  ...esReportView,
  ...esReport,
  ...esSettings,
};
const zhHans = {
  ...zhHansCommon,
  ...zhHansErrors,
  ...zhHansOutcomes,
  ...zhHansFleet,
  ...zhHansFleetActions,
  ...zhHansDevice,
  ...zhHansDiscover,
  ...zhHansPlacing,
  ...zhHansRacks,
  ...zhHansStandard,
  ...zhHansSites,
  ...zhHansReportView,
  ...zhHansReport,
  ...zhHansSettings,
};

/** Every message the product has: the English catalog's keys. */
export type MessageId = keyof typeof en;
export type Catalog = Readonly<Record<string, string>>;

export const CATALOGS: Readonly<Record<'en' | 'ru' | 'es' | 'zh-Hans', Catalog>> = {
  en,
  ru,
  es,
  'zh-Hans': zhHans,
};

/** The areas, as their files are named (the completeness test reads each file by these). */
export const CATALOG_AREAS = [
  'common',
  'errors',
  'outcomes',
  'fleet',
  'fleet-actions',
  'device',
  'discover',
  'placing',
  'racks',
  'standard',
  'sites',
  'report-view',
  'report',
  'settings',
] as const;
