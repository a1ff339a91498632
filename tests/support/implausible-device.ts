/**
 * A simulated device that answers with physically implausible numbers, as seen from real and fake devices:
 * a negative hash rate, a fan at −1200 rpm, chips at 5000 °C, 25 kW, "mining for 52767249433 d". Its
 * `/info` MAC ("N/A") comes from the device options (`IMPLAUSIBLE_OPTIONS`). The bodies replace the
 * simulator's through its `status` fault, so everything else (unlock, auth, `/info`) stays the simulator's.
 */
import type { SimDevice, SimDeviceOptions } from '../simulator';

export const IMPLAUSIBLE_STATE_SECONDS = 52767249433 * 86_400;

export const IMPLAUSIBLE_OPTIONS: Partial<SimDeviceOptions> = { mac: 'N/A' };

const json = (body: unknown) => ({
  kind: 'status' as const,
  code: 200,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

export const IMPLAUSIBLE_SUMMARY = {
  miner: {
    miner_status: { miner_state: 'mining', miner_state_time: IMPLAUSIBLE_STATE_SECONDS },
    hr_realtime: -5,
    hr_average: -4,
    hr_nominal: 196_517.17,
    chip_temp: { min: 51, max: 5000 },
    pcb_temp: { min: 40, max: 50 },
    power_consumption: 25_000,
    power_efficiency: 14.8,
    cooling: {
      fans: [
        { id: 0, rpm: -1200 },
        { id: 1, rpm: 5880 },
      ],
    },
    pools: [],
    chains: [],
  },
};

/** `/status` and `/summary` answer the implausible bodies from now on (the device is "mining"). */
export function answerImplausibly(device: SimDevice): void {
  device.addFault({
    fault: json({
      miner_state: 'mining',
      miner_state_time: IMPLAUSIBLE_STATE_SECONDS,
      find_miner: false,
      restart_required: false,
      reboot_required: false,
      unlocked: true,
    }),
    paths: ['/api/v1/status'],
  });
  device.addFault({ fault: json(IMPLAUSIBLE_SUMMARY), paths: ['/api/v1/summary'] });
}
