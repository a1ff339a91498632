/**
 * The Spanish catalog, every area in one object. Its own module so the window can load it as a chunk
 * of its own (`import()` in renderer/src/i18n/catalog-loader.ts) only when the language is chosen; main,
 * the CLI and the tests take it synchronously through ./index.ts.
 */
import type { Catalog } from './en';
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

const es: Catalog = {
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
export default es;
