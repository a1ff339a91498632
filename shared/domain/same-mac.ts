/**
 * The words for two addresses that answer with one MAC. Cloned control-board images and
 * misconfigured boards do this on real sites; each address stays a device of its own and is flagged with
 * the others' addresses, in the same words in the CLI, the fleet table, the alerts and the report.
 * Zod-free: the renderer uses it too.
 */
import { message } from '../i18n/message';
import type { MessageRef } from '../i18n/message';

/** More addresses than this are counted, not listed: a cloned image can sit on a whole batch of boards. */
const LISTED = 3;

/** `http://10.0.0.12` → `10.0.0.12`: plain http on port 80 is the devices' default; anything else shows. */
export const shortAddress = (address: string): string => address.replace(/^http:\/\//, '');

/** Addresses in numeric order: 10.0.0.9 before 10.0.0.10. */
export const compareAddresses = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

/** "same MAC as 10.0.0.12", "… 10.0.0.12 and 10.0.0.14", "… 10.0.0.12, 10.0.0.13, 10.0.0.14 and 9 more". */
export function sameMacWords(others: readonly string[]): string {
  const shown = others.slice(0, LISTED).map(shortAddress);
  const more = others.length - shown.length;
  if (more > 0) return `same MAC as ${shown.join(', ')} and ${more} more`;
  const last = shown.pop() ?? '';
  return `same MAC as ${shown.length > 0 ? `${shown.join(', ')} and ${last}` : last}`;
}

/** The same words as a message for the reader's language (the fleet's cell, the monitor's alert). */
export function sameMacText(others: readonly string[]): MessageRef {
  const shown = others.slice(0, LISTED).map(shortAddress);
  const last = shown.pop() ?? '';
  return message('fleet.cell.sameMac', {
    head: shown.length > 0 ? shown.join(', ') : 'none',
    last,
    more: others.length - Math.min(others.length, LISTED),
  });
}
