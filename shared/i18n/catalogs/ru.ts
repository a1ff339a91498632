/**
 * The Russian catalog, every area in one object. Its own module so the window can load it as a chunk
 * of its own (`import()` in renderer/src/i18n/catalog-loader.ts) only when the language is chosen; main,
 * the CLI and the tests take it synchronously through ./index.ts.
 */
import type { Catalog } from './en';
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

const ru: Catalog = {
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
export default ru;
