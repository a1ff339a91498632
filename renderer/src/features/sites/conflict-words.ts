/**
 * A merge conflict (core's merge.ts rules) as one sentence a technician reads without knowing the rules:
 * what differs, both values, which one the inventory now holds and why — and for an address or a
 * certificate (`pending`), that nothing goes there until the technician accepts it. A MessageRef of the
 * sites area (issue 35); `conflictSentence` renders it (English unless given a translator).
 */
import type { MergeConflict } from '../../../../shared/domain/inventory';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import type { Translator } from '../../../../shared/i18n/translate';
import { englishTranslator } from '../../../../shared/i18n/translate';

/** Each field's name, as the sentence's `field` select says it. */
const FIELDS: Readonly<Record<MergeConflict['field'], string>> = {
  hostname: 'hostname',
  model: 'model',
  firmware: 'firmware',
  serial: 'serial',
  label: 'label',
  notes: 'notes',
  tlsPin: 'tlsPin',
  address: 'address',
  acceptance: 'acceptance',
  location: 'location',
  rack: 'rack',
};

/** People's words and trust decisions stay ours; what a device says of itself goes to who saw it last. */
const OURS_BY_RULE = new Set<MergeConflict['field']>(['label', 'notes', 'tlsPin']);

/** A value as the sentence quotes it: one line, at most 80 characters; an empty one said in words. */
const quoted = (value: string, empty: 'empty' | 'none' = 'empty'): MessageRef => {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat === '') return message(empty === 'none' ? 'sites.conflict.none' : 'sites.conflict.empty');
  return message('sites.conflict.quoted', { value: flat.length > 80 ? `${flat.slice(0, 79)}…` : flat });
};

/** The file's address or pin for a known device: ours kept, nothing sent there until accepted. */
function pendingMessage(conflict: MergeConflict): MessageRef {
  const theirs = quoted(conflict.incoming);
  if (conflict.field === 'tlsPin') {
    return message('sites.conflict.pendingPin', {
      address: conflict.address,
      here: quoted(conflict.local, 'none'),
      file: theirs,
    });
  }
  // A device held back (known here elsewhere) is listed at the file's address.
  if (conflict.local !== conflict.address) {
    return conflict.local === ''
      ? message('sites.conflict.heldBackCredentials', { device: conflict.deviceId, file: theirs })
      : message('sites.conflict.heldBack', {
          device: conflict.deviceId,
          file: theirs,
          here: quoted(conflict.local),
        });
  }
  return message('sites.conflict.pendingAddress', {
    address: conflict.address,
    here: quoted(conflict.local),
    file: theirs,
  });
}

/** A layout's conflicts (core's layout-merge.ts): a device's slot, a rack's size, the slot pattern. */
function layoutMessage(conflict: MergeConflict): MessageRef {
  const values = { address: conflict.address, here: conflict.local, file: conflict.incoming };
  if (conflict.field === 'location') return message('sites.conflict.slot', values);
  if (conflict.deviceId === 'slot pattern') {
    return message('sites.conflict.slotPattern', {
      here: quoted(conflict.local),
      file: quoted(conflict.incoming),
    });
  }
  return message('sites.conflict.rackSize', values);
}

export function conflictMessage(conflict: MergeConflict): MessageRef {
  if (conflict.pending === true) return pendingMessage(conflict);
  if (conflict.field === 'location' || conflict.field === 'rack') return layoutMessage(conflict);
  if (conflict.kept === 'both') {
    return message('sites.conflict.twoDevices', {
      address: conflict.address,
      here: conflict.local,
      file: conflict.incoming,
    });
  }
  const field = FIELDS[conflict.field];
  const kept =
    conflict.field === 'acceptance'
      ? message(
          conflict.kept === 'incoming' ? 'sites.conflict.keptNewerFile' : 'sites.conflict.keptNewerOurs',
        )
      : conflict.kept === 'incoming'
        ? message('sites.conflict.keptFile')
        : OURS_BY_RULE.has(conflict.field)
          ? message('sites.conflict.keptOursByRule', { field })
          : message('sites.conflict.keptOurs');
  return message('sites.conflict.differs', {
    address: conflict.address,
    field,
    here: quoted(conflict.local),
    file: quoted(conflict.incoming),
    kept,
  });
}

export const conflictSentence = (conflict: MergeConflict, tr: Translator = englishTranslator()): string =>
  tr.t(conflictMessage(conflict));
