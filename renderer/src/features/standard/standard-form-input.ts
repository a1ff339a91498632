/**
 * The standard form's values read as main takes them (standard-form.tsx): the kept standard as the form's
 * starting texts, the firmware part's three cases (out, a new image, the kept one left as it was), what is
 * wrong in words, and the `standard:set` input. Pure: no React, no store.
 */
import type { FirmwareImage } from '../../../../shared/domain/firmware';
import type { PoolSpec } from '../../../../shared/domain/pools';
import type { StandardView } from '../../../../shared/domain/standard';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import type { StandardSetInput } from '../../../../shared/ipc/channels/standard';
import type { PowerKind } from '../fleet/power-choice-fields';
import { FIRMWARE_VERSION } from '../fleet/firmware-image-choice';
import { emptyPool } from '../fleet/pools-form';

export type Kept = StandardView['standard'];

/** The form's pools from the kept standard: the pool password stays kept unless one is typed. */
export const keptPools = (kept: Kept): PoolSpec[] =>
  kept?.pools?.map((p) => ({ url: p.url, worker: p.worker, password: '' })) ?? [emptyPool()];

/** The refusal when the firmware part has no image to send (main refuses the same way when it holds none). */
export const CHOOSE_IMAGE_FIRST: MessageRef = message('standard.problem.chooseImage');

/** The kept image's file name: the standard keeps a path main gave it, the form shows only the name. */
export const fileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

export interface FirmwarePart {
  input?: StandardSetInput['firmware'];
  problem?: MessageRef;
  badVersion?: true;
}

/**
 * What the firmware part sends: `null` takes it out, the image chosen here (or, for a new firmware part,
 * the one shown as chosen) goes as `image: 'chosen'`, and a kept part left as it was is not sent at all.
 */
export function firmwarePart(
  on: boolean,
  version: string,
  kept: Kept,
  image: FirmwareImage | null,
  chosenHere: boolean,
): FirmwarePart {
  if (!on) return { input: null };
  const keptFirmware = kept?.firmware;
  const text = version.trim();
  if (text === '') {
    return { problem: message('standard.problem.noVersion'), badVersion: true };
  }
  if (!FIRMWARE_VERSION.test(text)) {
    return { problem: message('standard.problem.badVersion'), badVersion: true };
  }
  if (keptFirmware !== undefined && !chosenHere) {
    if (text === keptFirmware.version) return {};
    return { problem: message('standard.problem.newVersionImage') };
  }
  if (image === null) return { problem: CHOOSE_IMAGE_FIRST };
  return { input: { version: text, image: 'chosen' } };
}

export const keptPowerText = (kept: Kept): Record<PowerKind, string> => ({
  preset: kept?.power?.kind === 'preset' ? kept.power.name : '',
  'max-watts': kept?.power?.kind === 'max-watts' ? String(kept.power.watts) : '',
  'site-kw': kept?.power?.kind === 'site-kw' ? String(kept.power.kw) : '',
});

/** The pools as sent: trimmed; an empty pool password keeps the one the standard has for that URL. */
export const poolsInput = (pools: readonly PoolSpec[]): NonNullable<StandardSetInput['pools']> =>
  pools.map((pool) => ({
    url: pool.url.trim(),
    worker: pool.worker.trim(),
    ...(pool.password !== '' ? { password: pool.password } : {}),
  }));

/** Which parts are ticked in. */
export interface PartsOn {
  password: boolean;
  pools: boolean;
  firmware: boolean;
  power: boolean;
  acceptance: boolean;
}

/**
 * Every problem as a message, in the order of the parts; a standard of no part at all is one too. The
 * password's, power's and acceptance's own words come from the dialogs' checks they share.
 */
export function formProblems(
  on: PartsOn,
  found: {
    password?: string;
    firmware?: MessageRef;
    poolsMarked: boolean;
    power?: string;
    acceptance?: readonly string[];
  },
): MessageRef[] {
  const nothing = !on.password && !on.pools && !on.power && !on.acceptance && !on.firmware;
  return [
    found.password !== undefined && message('standard.problem.password', { problem: found.password }),
    found.firmware,
    found.poolsMarked && message('standard.problem.pools'),
    found.power !== undefined && message('standard.problem.power', { problem: found.power }),
    ...(found.acceptance?.map((p) => message('standard.problem.acceptance', { problem: p })) ?? []),
    nothing && message('standard.problem.nothing'),
  ].filter((p): p is MessageRef => typeof p === 'object' && p !== undefined);
}
