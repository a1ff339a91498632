/**
 * The device simulator: many devices in one process over real loopback HTTP, for integration tests,
 * benchmarks and demos. See README.md beside this file for the behaviour of each profile and fault.
 */
export { startFleet } from './fleet';
export { simImageHeader } from './firmware-update';
export { FIELD_LINK, FIELD_TIMINGS, fieldProfile } from './field-profile';
export type { FieldTimings } from './field-profile';
export { FIELD_FAULT_RATES } from './field-faults';
export { MAX_NOTES, MAX_NOTES_BYTES, MAX_NOTE_KEY } from './notes';
export type {
  FieldFaultKind,
  FieldFaultOptions,
  FieldFaultPick,
  LinkStats,
  LinkUpload,
  RangedKnob,
  SimDeviceSettings,
  SimRange,
  SiteLinkOptions,
  ApiKeyMode,
  Fault,
  FaultRule,
  FirmwareFault,
  Fleet,
  FleetOptions,
  GuardedReads,
  HardwareFault,
  NotesFault,
  Profile,
  RecordedRequest,
  SimDevice,
  SimDeviceOptions,
  SimFirmwareState,
  SimMetricsPatch,
  SimPool,
  SimPreset,
  StatusOnBadCredential,
  WriteCounts,
} from './types';
