/**
 * What `locate`, `restart-mining` and `reboot` print beyond each device's outcome line (password-output.ts
 * prints those): the preview, and the closing words — when the LEDs go off by themselves and who turns
 * them off, or until when a monitor shows the devices rebooting instead of offline.
 */
import type { WritePlanEntry, WriteResult } from '../../shared/domain/commission';
import type { DeviceAction, LedResult, PowerResult } from '../core/commission/device-action-services';

const VERB: Record<DeviceAction, string> = {
  locate: 'get the locate request',
  'restart-mining': 'restart mining',
  reboot: 'reboot',
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Preview: 3 devices will reboot, 1 skipped." and a line per device. */
export function actionPreviewLines(action: DeviceAction, plan: readonly WritePlanEntry[]): string[] {
  const sending = plan.filter((p) => p.send).length;
  const skipped = plan.length - sending;
  const width = Math.max(...plan.map((p) => p.address.length));
  return [
    `Preview: ${plural(sending, 'device')} will ${VERB[action]}${skipped > 0 ? `, ${skipped} skipped` : ''}.`,
    ...plan.map(
      (p) => `  ${p.address.padEnd(width)}  ${p.send ? `will ${p.detail}` : `skipped: ${p.detail}`}`,
    ),
  ];
}

/** "Nothing was sent: add --yes to reboot 3 devices." */
export const confirmWords = (action: DeviceAction, sending: number): string =>
  sending > 0
    ? `Nothing was sent: add --yes to ${VERB[action]} ${plural(sending, 'device')}.`
    : 'Nothing was sent, and none of these devices can take it (see why above).';

/** Facts of one device's write for its JSON line. */
export function resultFacts(result: WriteResult): Record<string, unknown> {
  const led = result as Partial<LedResult>;
  const power = result as Partial<PowerResult>;
  return {
    ...(led.ledOn !== undefined ? { ledOn: led.ledOn } : {}),
    ...(led.toggled !== undefined ? { toggled: led.toggled } : {}),
    ...(power.after !== undefined ? { after: power.after } : {}),
  };
}

const clock = (iso: string): string => new Date(iso).toTimeString().slice(0, 8);

/**
 * The LEDs turned on: when they go off and who does it. A command that ends cannot keep a timer, so the
 * time is in the activity log and the next long-lived process turns them off.
 */
export function ledOffWords(offAt: string, minutes: number, targets: readonly string[]): string {
  const off = `minerdeck locate ${targets.join(' ')} --off`;
  return `The LEDs turn off at ${clock(offAt)} (after ${minutes} min): this command cannot wait for that, so the time is in the site's activity log — the app or "minerdeck monitor" turns them off then if one is running, else when one starts next. To turn them off now: ${off}`;
}

/** Until when a monitor shows the devices rebooting or restarting, not offline. */
export const disruptionWords = (action: DeviceAction, until: string): string =>
  `The app and "minerdeck monitor" (also one already running) show ${action === 'reboot' ? 'them rebooting' : 'them restarting'} instead of an offline alarm until they answer again, at the latest until ${clock(until)}.`;
