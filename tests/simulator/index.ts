/**
 * The device simulator: many devices in one process over real loopback HTTP, for integration tests,
 * benchmarks and demos. See README.md beside this file for the behaviour of each profile and fault.
 */
export { startFleet } from './fleet';
export type {
  ApiKeyMode,
  Fault,
  FaultRule,
  Fleet,
  FleetOptions,
  Profile,
  RecordedRequest,
  SimDevice,
  SimDeviceOptions,
  SimMetricsPatch,
  SimPool,
  StatusOnBadCredential,
  WriteCounts,
} from './types';
