/**
 * Identity from `GET /api/v1/info` (anonymous on real firmware): model, firmware, MAC (the device's
 * identity across IP changes), host name, serial; plus `hr_measure`, the unit of the summary's hash rates.
 */
import type { DeviceReading } from '../../../shared/domain/reading';
import type { FieldReader } from './json-fields';
import { asObject, jsonType } from './json-fields';
import { compact } from './summary-reader';

export interface InfoFacts {
  identity: DeviceReading['identity'];
  /** `hr_measure` as the device says it ("GH/s", "N/A"…), when it says it. */
  hashRateUnit: string | undefined;
}

const nonEmpty = (text: string | undefined): string | undefined =>
  text !== undefined && text.trim() !== '' ? text.trim() : undefined;

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
    mac: nonEmpty(fields.string(network, 'mac', netAt)),
    hostname: nonEmpty(fields.string(network, 'hostname', netAt)),
    serial: nonEmpty(fields.string(body, 'serial', at)),
  });
  return {
    identity: Object.keys(identity).length > 0 ? identity : undefined,
    hashRateUnit: nonEmpty(fields.string(body, 'hr_measure', at)),
  };
}
