/**
 * A real device client (real HTTP to the simulator) with a hook after chosen calls, to make the world
 * change at an exact point of a flow — e.g. the device disappears between creating a key and verifying it.
 */
import type { DeviceClient } from '../../electron/core/device/client';

export type ClientHooks = Partial<Record<keyof DeviceClient, () => Promise<void> | void>>;

export function hookedClient(client: DeviceClient, after: ClientHooks): DeviceClient {
  const wrap =
    <K extends keyof DeviceClient>(name: K) =>
    async (...args: unknown[]): Promise<unknown> => {
      const result: unknown = await (client[name] as (...a: unknown[]) => Promise<unknown>)(...args);
      await after[name]?.();
      return result;
    };
  return {
    unlock: wrap('unlock') as DeviceClient['unlock'],
    getStatus: wrap('getStatus') as DeviceClient['getStatus'],
    createApiKey: wrap('createApiKey') as DeviceClient['createApiKey'],
    listApiKeys: wrap('listApiKeys') as DeviceClient['listApiKeys'],
    deleteApiKey: wrap('deleteApiKey') as DeviceClient['deleteApiKey'],
    getSettings: wrap('getSettings') as DeviceClient['getSettings'],
    changePassword: wrap('changePassword') as DeviceClient['changePassword'],
    setPools: wrap('setPools') as DeviceClient['setPools'],
    findMiner: wrap('findMiner') as DeviceClient['findMiner'],
    locateMiner: wrap('locateMiner') as DeviceClient['locateMiner'],
    restartMining: wrap('restartMining') as DeviceClient['restartMining'],
    reboot: wrap('reboot') as DeviceClient['reboot'],
    getInfo: wrap('getInfo') as DeviceClient['getInfo'],
    getSummary: wrap('getSummary') as DeviceClient['getSummary'],
    setPreset: wrap('setPreset') as DeviceClient['setPreset'],
    setMinerSettings: wrap('setMinerSettings') as DeviceClient['setMinerSettings'],
    getAutotunePresets: wrap('getAutotunePresets') as DeviceClient['getAutotunePresets'],
    getPerfSummary: wrap('getPerfSummary') as DeviceClient['getPerfSummary'],
    getModel: wrap('getModel') as DeviceClient['getModel'],
    getChains: wrap('getChains') as DeviceClient['getChains'],
    getFactoryInfo: wrap('getFactoryInfo') as DeviceClient['getFactoryInfo'],
    readNotes: wrap('readNotes') as DeviceClient['readNotes'],
    readNote: wrap('readNote') as DeviceClient['readNote'],
    createNote: wrap('createNote') as DeviceClient['createNote'],
    updateNote: wrap('updateNote') as DeviceClient['updateNote'],
    deleteNote: wrap('deleteNote') as DeviceClient['deleteNote'],
    close: () => client.close(),
  };
}
