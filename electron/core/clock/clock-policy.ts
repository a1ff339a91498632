/**
 * How a run gets its clock (issue 33): a `ClockPolicy` answers the clock for a run's targets, so the
 * services (acceptance, firmware, the monitor, Commission) ask once per run and never read the
 * environment themselves. The product's default is the real clock; `envClockPolicy` is the one place a
 * scale from `MINERDECK_TIME_SCALE` may come in, always through `clockForTargets` (loopback only), and it
 * says what it chose: a refused scale as a warning, a used one as "field times are projected".
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { Clock } from './clock';
import { REAL_CLOCK } from './clock';
import { clockForTargets, scaleAsked } from './clock-guard';

/** The clock of one run over `addresses` (the devices it waits on). */
export type ClockPolicy = (addresses: readonly DeviceAddress[]) => Clock;

/** A real run's policy: always the real clock. */
export const REAL_CLOCK_POLICY: ClockPolicy = () => REAL_CLOCK;

/** The line a run on a scaled clock starts with, so nobody takes its times for real ones. */
export const scaleNotice = (scale: number): string =>
  `time scale ${scale}×: field times are projected (simulator only)`;

/**
 * The clock `env` asks for, per run: scaled only when every address of the run is on loopback. `tell`
 * gets each notice once per process (a refusal, or the scale used), not once per run.
 */
export function envClockPolicy(
  env: Readonly<Record<string, string | undefined>>,
  tell: (line: string) => void,
): ClockPolicy {
  const asked = scaleAsked(env);
  if (asked.kind === 'none') return REAL_CLOCK_POLICY;
  const told = new Set<string>();
  const once = (line: string): void => {
    if (told.has(line)) return;
    told.add(line);
    tell(line);
  };
  return (addresses) => {
    const choice = clockForTargets(asked, addresses.map(formatDeviceAddress));
    if (choice.refused !== undefined) once(`warning: ${choice.refused}`);
    else if (choice.clock.scale > 1) once(scaleNotice(choice.clock.scale));
    return choice.clock;
  };
}

/**
 * The app's policy: a scale only in demo mode (`npm run demo` sets MINERDECK_DEMO=1 over the simulated
 * fleet), and even then only for runs whose every device is on loopback; any other app run is real.
 */
export function appClockPolicy(
  env: Readonly<Record<string, string | undefined>>,
  tell: (line: string) => void,
): ClockPolicy {
  return env.MINERDECK_DEMO === '1' ? envClockPolicy(env, tell) : REAL_CLOCK_POLICY;
}
