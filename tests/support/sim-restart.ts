/**
 * A mining restart of a simulated device as a technician's write leaves it (issue 32's tests): unlocked
 * with its password, optionally given another preset first (an untuned one makes it tune), then
 * `POST /mining/restart`. Over real HTTP, like any client.
 */
import type { SimDevice } from '../simulator';

export async function restartMining(
  device: SimDevice,
  options: { preset?: string; password?: string } = {},
): Promise<void> {
  const unlock = await fetch(`${device.address}/api/v1/unlock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pw: options.password ?? 'admin' }),
  });
  const { token } = (await unlock.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (options.preset !== undefined) {
    const set = await fetch(`${device.address}/api/v1/settings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ miner: { overclock: { preset: options.preset } } }),
    });
    if (set.status !== 200) throw new Error(`preset ${options.preset}: HTTP ${set.status}`);
  }
  const answer = await fetch(`${device.address}/api/v1/mining/restart`, { method: 'POST', headers });
  if (answer.status !== 200) throw new Error(`mining restart: HTTP ${answer.status}`);
}
