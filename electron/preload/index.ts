/**
 * Preload entry, built as CommonJS (`out/preload/index.cjs`) because sandboxed preloads cannot be ES
 * modules. It exposes `window.api` and nothing else: no ipcRenderer, no process, no event objects.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from './build-api';

contextBridge.exposeInMainWorld('api', buildApi(ipcRenderer));
