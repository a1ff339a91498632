/**
 * Electron's save dialog and PDF glue with fakes for `dialog` and the hidden print window: the path
 * comes from the dialog alone, Cancel writes nothing, the print window gets the page from a private temp
 * file that is gone afterwards.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenDialogOptions, PrintWindow, SaveDialogOptions } from '../../../electron/main/file-glue';
import { createFileGlue, createOpenFileGlue } from '../../../electron/main/file-glue';
import { tempDataDir } from '../../support/inventory-fixtures';

describe('file glue', () => {
  it('writes where the dialog says, suggesting only a file name in the documents folder', async () => {
    const dir = tempDataDir('glue');
    const asked: SaveDialogOptions[] = [];
    const glue = createFileGlue({
      showSaveDialog: async (options) => {
        asked.push(options);
        return { canceled: false, filePath: join(dir, 'chosen.csv') };
      },
      documentsDir: () => '/home/tech/Documents',
      createPrintWindow: () => {
        throw new Error('not used');
      },
    });
    const saved = await glue.saveFile({
      title: 'Save',
      defaultName: '../../etc/report.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
      content: 'a,b\n',
    });
    expect(saved).toEqual({ ok: true, value: { path: join(dir, 'chosen.csv') } });
    expect(asked[0]?.defaultPath).toBe('/home/tech/Documents/report.csv');
    expect(readFileSync(join(dir, 'chosen.csv'), 'utf8')).toBe('a,b\n');
  });

  it('writes nothing when the dialog is cancelled', async () => {
    let writes = 0;
    const glue = createFileGlue({
      showSaveDialog: async () => ({ canceled: true }),
      documentsDir: () => '/tmp',
      createPrintWindow: () => {
        throw new Error('not used');
      },
      write: async () => {
        writes += 1;
      },
    });
    expect(await glue.saveFile({ title: 't', defaultName: 'x.json', filters: [], content: '{}' })).toEqual({
      ok: true,
      value: null,
    });
    expect(writes).toBe(0);
  });

  it('prints the HTML from a temporary file, A4 landscape, and cleans up', async () => {
    let loaded = '';
    let loadedText = '';
    let destroyed = false;
    const window: PrintWindow = {
      loadFile: async (path) => {
        loaded = path;
        loadedText = readFileSync(path, 'utf8');
      },
      webContents: {
        printToPDF: async (options) => {
          expect(options).toMatchObject({ landscape: true, pageSize: 'A4', preferCSSPageSize: true });
          return new TextEncoder().encode('%PDF-1.7');
        },
      },
      destroy: () => {
        destroyed = true;
      },
    };
    const glue = createFileGlue({
      showSaveDialog: async () => ({ canceled: true }),
      documentsDir: () => '/tmp',
      createPrintWindow: () => window,
    });
    const pdf = await glue.htmlToPdf('<p>report</p>');
    expect(pdf.ok && new TextDecoder().decode(pdf.value)).toBe('%PDF-1.7');
    expect(loadedText).toBe('<p>report</p>');
    expect(destroyed).toBe(true);
    expect(existsSync(dirname(loaded))).toBe(false);
  });

  it('opens one existing file where the dialog says (a firmware image); Cancel chooses nothing', async () => {
    const asked: OpenDialogOptions[] = [];
    let answer: { canceled: boolean; filePaths: string[] } = {
      canceled: false,
      filePaths: ['/home/tech/Downloads/fw.bin'],
    };
    const glue = createOpenFileGlue({
      showOpenDialog: async (options) => {
        asked.push(options);
        return answer;
      },
      startDir: () => '/home/tech/Downloads',
    });
    const request = {
      title: 'Choose the firmware image',
      filters: [{ name: 'Firmware images', extensions: ['bin'] }],
    };
    expect(await glue.chooseFile(request)).toEqual({
      ok: true,
      value: { path: '/home/tech/Downloads/fw.bin' },
    });
    expect(asked[0]).toEqual({ ...request, defaultPath: '/home/tech/Downloads', properties: ['openFile'] });
    answer = { canceled: true, filePaths: [] };
    expect(await glue.chooseFile(request)).toEqual({ ok: true, value: null });
  });
});
