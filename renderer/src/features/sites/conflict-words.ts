/**
 * A merge conflict (core's merge.ts rules) as one sentence a technician reads without knowing the rules:
 * what differs, both values, which one the inventory now holds and why — and for an address or a
 * certificate (`pending`), that nothing goes there until the technician accepts it.
 */
import type { MergeConflict } from '../../../../shared/domain/inventory';

const FIELD_WORDS: Record<MergeConflict['field'], string> = {
  hostname: 'host name',
  model: 'model',
  firmware: 'firmware',
  serial: 'serial number',
  label: 'label',
  notes: 'notes',
  tlsPin: 'trusted certificate',
  address: 'address',
  acceptance: 'acceptance verdict',
  location: 'slot',
  rack: 'rack',
};

/** People's words and trust decisions stay ours; what a device says of itself goes to who saw it last. */
const OURS_BY_RULE = new Set<MergeConflict['field']>(['label', 'notes', 'tlsPin']);

const quoted = (value: string, empty = '(empty)'): string => {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat === '') return empty;
  return `"${flat.length > 80 ? `${flat.slice(0, 79)}…` : flat}"`;
};

/** The file's address or pin for a known device: ours kept, nothing sent there until accepted. */
function pendingSentence(conflict: MergeConflict): string {
  const theirs = quoted(conflict.incoming);
  if (conflict.field === 'tlsPin') {
    return `${conflict.address}: the trusted certificate differs (here ${quoted(conflict.local, '(none)')}, in the file ${theirs}). Kept yours: the file's certificate is not trusted until you accept it.`;
  }
  // A device held back (known here elsewhere) is listed at the file's address.
  if (conflict.local !== conflict.address) {
    const known =
      conflict.local === ''
        ? 'holds its credentials for another address'
        : `knows it at ${quoted(conflict.local)}`;
    return `${conflict.deviceId}: the file puts this device at ${theirs}, and this laptop ${known}. Not added: nothing is sent to the file's address until you accept it.`;
  }
  return `${conflict.address}: the address differs (here ${quoted(conflict.local)}, in the file ${theirs}). Kept yours: nothing is sent to the file's address until you accept it.`;
}

/** A layout's conflicts (core's layout-merge.ts): a device's slot, a rack's size, the slot pattern. */
function layoutSentence(conflict: MergeConflict): string {
  if (conflict.field === 'location') {
    return `${conflict.address}: the file puts it in ${conflict.incoming}, here it is in ${conflict.local}. Kept yours: a device's slot here is never moved by an import.`;
  }
  if (conflict.deviceId === 'slot pattern') {
    return `The slot pattern differs (here ${quoted(conflict.local)}, in the file ${quoted(conflict.incoming)}). Kept yours.`;
  }
  return `Rack ${conflict.address} has another size in the file (here ${conflict.local}, in the file ${conflict.incoming}). Kept the larger, so every device placed on either laptop fits.`;
}

export function conflictSentence(conflict: MergeConflict): string {
  if (conflict.pending === true) return pendingSentence(conflict);
  if (conflict.field === 'location' || conflict.field === 'rack') return layoutSentence(conflict);
  if (conflict.kept === 'both') {
    return `Two different devices are at ${conflict.address}: ${conflict.local} here and ${conflict.incoming} in the file. Both were kept: check which one is really there.`;
  }
  const field = FIELD_WORDS[conflict.field];
  const values = `here ${quoted(conflict.local)}, in the file ${quoted(conflict.incoming)}`;
  const kept =
    conflict.field === 'acceptance'
      ? `Kept the newer run (${conflict.kept === 'incoming' ? "the file's" : 'yours'}): a newer acceptance run replaces an older one.`
      : conflict.kept === 'incoming'
        ? "Kept the file's: that technician saw the device more recently."
        : OURS_BY_RULE.has(conflict.field)
          ? `Kept yours: ${field === 'notes' ? 'notes' : `the ${field}`} on this laptop ${field === 'notes' ? 'are' : 'is'} never replaced by an import.`
          : 'Kept yours: this laptop saw the device more recently.';
  return `${conflict.address}: the ${field} differs (${values}). ${kept}`;
}
