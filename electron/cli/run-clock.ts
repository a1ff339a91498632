/**
 * The clock of a CLI run (issue 33): the real one, unless `MINERDECK_TIME_SCALE` asks for a scale and
 * every device of the run is on loopback (the simulator). What was chosen is said on stderr once: a
 * refused scale as a warning (the run goes on, on the real clock), a used one as "field times are
 * projected", so nobody reads a simulated run's times as a real site's.
 */
import type { ClockPolicy } from '../core/clock/clock-policy';
import { envClockPolicy } from '../core/clock/clock-policy';
import type { Output } from './output';

export function cliClockPolicy(
  output: Pick<Output, 'err'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ClockPolicy {
  return envClockPolicy(env, (line) => output.err(line));
}
