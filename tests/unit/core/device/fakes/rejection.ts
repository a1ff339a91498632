/** The DeviceError a promise rejects with, for tests that inspect it as a whole (no try/catch in specs). */
import { DeviceError } from '../../../../../electron/core/device/device-error';

export async function rejectionOf(promise: Promise<unknown>): Promise<DeviceError> {
  const outcome = await promise.then(
    (value: unknown) => ({ resolved: value }),
    (error: unknown) => error,
  );
  if (!(outcome instanceof DeviceError)) throw new Error(`expected a DeviceError, got ${String(outcome)}`);
  return outcome;
}
