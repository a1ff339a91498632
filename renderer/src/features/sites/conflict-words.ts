/**
 * A merge conflict (core's merge.ts rules) as one sentence a technician reads without knowing the rules:
 * what differs, both values, which one the inventory now holds and why.
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
};

/** People's words and trust decisions stay ours; what a device says of itself goes to who saw it last. */
const OURS_BY_RULE = new Set<MergeConflict['field']>(['label', 'notes', 'tlsPin']);

const quoted = (value: string): string => {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty)';
  return `"${flat.length > 80 ? `${flat.slice(0, 79)}…` : flat}"`;
};

export function conflictSentence(conflict: MergeConflict): string {
  if (conflict.kept === 'both') {
    return `Two different devices are at ${conflict.address}: ${conflict.local} here and ${conflict.incoming} in the file. Both were kept: check which one is really there.`;
  }
  const field = FIELD_WORDS[conflict.field];
  const values = `here ${quoted(conflict.local)}, in the file ${quoted(conflict.incoming)}`;
  const kept =
    conflict.kept === 'incoming'
      ? "Kept the file's: that technician saw the device more recently."
      : OURS_BY_RULE.has(conflict.field)
        ? `Kept yours: ${field === 'notes' ? 'notes' : `the ${field}`} on this laptop ${field === 'notes' ? 'are' : 'is'} never replaced by an import.`
        : 'Kept yours: this laptop saw the device more recently.';
  return `${conflict.address}: the ${field} differs (${values}). ${kept}`;
}
