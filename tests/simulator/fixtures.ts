/**
 * Real device payloads, read once per process from tests/fixtures/device so the simulator answers with what
 * real firmware sends, not with bodies we made up.
 */
import { readFileSync } from 'node:fs';
import { deviceFixturePath, VENDOR_OPENAPI_PATH } from '../fixtures/paths';

export type JsonObject = Record<string, unknown>;

export interface Fixtures {
  /** /api/v1/info of an Antminer S21 Pro on firmware 1.2.7. */
  infoS21: JsonObject;
  /** /api/v1/info of an Antminer S19 (88) on firmware 1.2.6. */
  infoS19: JsonObject;
  /** /api/v1/status before unlock (1.2.6): the key order real devices use. */
  status: JsonObject;
  summary: JsonObject;
  /** GET /api/v1/settings of an Antminer S21 Pro on firmware 1.2.7 (`password` is always null). */
  settings: JsonObject;
  /** The device's web page at '/', with the AnthillOS marker. */
  rootHtml: string;
  /** The vendor OpenAPI document served at /docs/api-doc.json, verbatim. */
  openApi: string;
  /** The text of a real 500 answer (ends with a space, like the device's). */
  errText: string;
  /** GET /api/v1/autotune/presets of an Antminer S21 Pro on firmware 1.2.7 (a list). */
  presets: unknown[];
  /** GET /api/v1/perf-summary of the same device. */
  perfSummary: JsonObject;
}

let cache: Fixtures | undefined;

function readText(name: string): string {
  return readFileSync(deviceFixturePath(name), 'utf8');
}

function readObject(name: string): JsonObject {
  const value: unknown = JSON.parse(readText(name));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`fixture ${name} is not a JSON object`);
  }
  return value as JsonObject;
}

function readList(name: string): unknown[] {
  const value: unknown = JSON.parse(readText(name));
  if (!Array.isArray(value)) throw new Error(`fixture ${name} is not a JSON list`);
  return value;
}

export function fixtures(): Fixtures {
  if (cache) return cache;
  const err = readObject('error-mining-pause-stop.apidoc1215510239-s19-xil-vnish1.2.6.json')['err'];
  cache = {
    infoS21: readObject('info.proto-fleet-s21pro-vnish1.2.7.json'),
    infoS19: readObject('info.tntvlad-har-s19-88-vnish1.2.6.json'),
    status: readObject('status-before-unlock.tntvlad-har-s19-88-vnish1.2.6.json'),
    summary: readObject('summary.proto-fleet-s21pro-vnish1.2.7.json'),
    settings: readObject('settings.proto-fleet-s21pro-vnish1.2.7.json'),
    rootHtml: readText('root-index-html.proto-fleet-s21pro-vnish1.2.7.html'),
    openApi: readFileSync(VENDOR_OPENAPI_PATH, 'utf8'),
    errText: typeof err === 'string' ? err : 'CGMiner err: Cgminer error failed-to-activate-pause-mode ',
    presets: readList('autotune-presets.proto-fleet-s21pro-vnish1.2.7.json'),
    perfSummary: readObject('perf-summary.proto-fleet-s21pro-vnish1.2.7.json'),
  };
  return cache;
}
