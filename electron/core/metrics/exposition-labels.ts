/**
 * Each device's label sets as bytes, kept from one scrape to the next: the site, the device id and the
 * address (on every series) and the model and firmware (on its info series) change rarely, so a scrape
 * escapes and encodes them only for devices where one of them changed. Devices no longer in the scrape are
 * dropped, so it never holds more than the fleet it is asked about.
 */
import type { DeviceExtras } from './poll-recorder';
import { escapeLabel, labelBytes } from './exposition-writer';

interface Entry {
  site: string;
  address: string;
  labels: Buffer;
  model: string | undefined;
  firmware: string | undefined;
  info: Buffer;
  /** The scrape that last asked for it. */
  seen: number;
}

export interface DeviceLabels {
  labels: Buffer;
  info: Buffer;
}

export class DeviceLabelCache {
  private readonly entries = new Map<string, Entry>();
  private scrape = 0;
  private asked = 0;

  /** How many devices it holds (never more than the last scrape asked about). */
  get size(): number {
    return this.entries.size;
  }

  /** A new scrape starts asking. */
  begin(): void {
    this.scrape += 1;
    this.asked = 0;
  }

  /** The device's label sets, made again only when what they hold changed. */
  of(site: string, deviceId: string, address: string, extras: DeviceExtras | undefined): DeviceLabels {
    this.asked += 1;
    const model = extras?.model;
    const firmware = extras?.firmware;
    let entry = this.entries.get(deviceId);
    if (entry === undefined || entry.site !== site || entry.address !== address) {
      entry = {
        site,
        address,
        labels: Buffer.from(
          `site="${escapeLabel(site)}",device_id="${escapeLabel(deviceId)}",address="${escapeLabel(address)}"`,
        ),
        model,
        firmware,
        info: infoLabels(model, firmware),
        seen: this.scrape,
      };
      this.entries.set(deviceId, entry);
    } else if (entry.model !== model || entry.firmware !== firmware) {
      entry.model = model;
      entry.firmware = firmware;
      entry.info = infoLabels(model, firmware);
    }
    entry.seen = this.scrape;
    return entry;
  }

  /** The scrape has asked for all its devices: the others have left the monitor. */
  end(): void {
    if (this.entries.size === this.asked) return;
    for (const [deviceId, entry] of this.entries) {
      if (entry.seen !== this.scrape) this.entries.delete(deviceId);
    }
  }
}

const infoLabels = (model: string | undefined, firmware: string | undefined): Buffer =>
  Buffer.concat([labelBytes('model', model ?? ''), labelBytes('firmware', firmware ?? '')]);
