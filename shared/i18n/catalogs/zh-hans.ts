/**
 * The Simplified Chinese catalog, every area in one object. Its own module so the window can load it as a chunk
 * of its own (`import()` in renderer/src/i18n/catalog-loader.ts) only when the language is chosen; main,
 * the CLI and the tests take it synchronously through ./index.ts.
 */
import type { Catalog } from './en';
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

const zhHans: Catalog = {
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
export default zhHans;
