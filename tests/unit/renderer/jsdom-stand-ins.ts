/**
 * What the renderer tests need around a component in jsdom: the modal `<dialog>` jsdom lacks (open, close,
 * the event, as every browser does it), a `method="dialog"` form that closes its dialog instead of
 * navigating, and a fleet row as the table shows a healthy device.
 */
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';

/** Call in a `beforeAll`. */
export function standInForModalDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/** A `method="dialog"` form closes its dialog in a browser; jsdom would try to navigate instead. */
export function keepFormsInPage(): void {
  window.addEventListener('submit', (e) => e.preventDefault());
}

/** A device online and mining at `host`, with the site password and an API key; `changes` as a test needs. */
export const fleetRow = (id: string, host: string, changes: Partial<FleetRow> = {}): FleetRow => ({
  id,
  address: `http://${host}`,
  host,
  addressKey: host,
  hostname: null,
  model: null,
  firmware: null,
  mac: null,
  state: 'online',
  reason: 'mining',
  password: 'site',
  apiKey: true,
  factoryPassword: false,
  alerts: [],
  ...changes,
});
