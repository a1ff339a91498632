/**
 * Identity from `GET /api/v1/info` (anonymous on real firmware): model, firmware, MAC (the device's
 * identity across IP changes), host name, serial; plus `hr_measure`, the unit of the summary's hash rates.
 */
import type { DeviceReading } from '../../../shared/domain/reading';
import type { FieldReader } from './json-fields';
import { asObject, jsonType } from './json-fields';
import { compact } from './summary-reader';
import { parseMac } from '../../../shared/domain/mac';

export interface InfoFacts {
  identity: DeviceReading['identity'];
  /** `hr_measure` as the device says it ("GH/s", "N/A"…), when it says it. */
  hashRateUnit: string | undefined;
}

const nonEmpty = (text: string | undefined): string | undefined =>
  text !== undefined && text.trim() !== '' ? text.trim() : undefined;

/** Enough of a non-MAC to recognise it; a device may send a megabyte of text in the field. */
const SHOWN_CHARS = 40;

/**
 * The MAC in canonical form (`AA:BB:CC:DD:EE:FF`); text that is not a MAC ("N/A", a serial…) is left out as
 * implausible: the MAC is the device's identity, and two devices saying "N/A" are not one device.
 */
function readMac(fields: FieldReader, text: string | undefined, path: string): string | undefined {
  if (text === undefined) return undefined;
  const mac = parseMac(text);
  if (mac !== undefined || text.trim() === '') return mac;
  const shown = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
  fields.implausible(path, {
    field: 'identity.mac',
    value: shown,
    text: `${JSON.stringify(shown)} is not a device's MAC address`,
  });
  return undefined;
}

export function readInfo(fields: FieldReader, info: unknown): InfoFacts {
  if (info === undefined || info === null) return { identity: undefined, hashRateUnit: undefined };
  const body = asObject(info);
  if (body === undefined) {
    fields.warn(`info is ${jsonType(info)}, not an object`);
    return { identity: undefined, hashRateUnit: undefined };
  }
  const at = 'info.';
  const network = fields.object(fields.object(body, 'system', at), 'network_status', `${at}system.`);
  const netAt = `${at}system.network_status.`;
  const firmware = [
    nonEmpty(fields.string(body, 'fw_name', at)),
    nonEmpty(fields.string(body, 'fw_version', at)),
  ]
    .filter((part) => part !== undefined)
    .join(' ');
  const identity = compact({
    model: nonEmpty(fields.string(body, 'miner', at)),
    firmware: firmware === '' ? undefined : firmware,
    mac: readMac(fields, fields.string(network, 'mac', netAt), `${netAt}mac`),
    hostname: nonEmpty(fields.string(network, 'hostname', netAt)),
    serial: nonEmpty(fields.string(body, 'serial', at)),
  });
  return {
    identity: Object.keys(identity).length > 0 ? identity : undefined,
    hashRateUnit: nonEmpty(fields.string(body, 'hr_measure', at)),
  };
}
