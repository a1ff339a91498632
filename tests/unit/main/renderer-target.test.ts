import { describe, expect, it } from 'vitest';
import { isRendererUrl, resolveRendererTarget } from '../../../electron/main/renderer-target';

const INDEX = '/opt/minerdeck/out/renderer/index.html';

describe('resolveRendererTarget', () => {
  it('uses the loopback dev server only when unpackaged', () => {
    expect(
      resolveRendererTarget({
        isPackaged: false,
        devServerUrl: 'http://localhost:5173',
        indexHtmlPath: INDEX,
      }),
    ).toEqual({ kind: 'dev-server', url: 'http://localhost:5173/' });
    expect(
      resolveRendererTarget({
        isPackaged: true,
        devServerUrl: 'http://localhost:5173',
        indexHtmlPath: INDEX,
      }),
    ).toEqual({ kind: 'file', path: INDEX });
  });

  it.each([
    undefined,
    '',
    'not a url',
    'https://localhost:5173',
    'http://evil.example:5173',
    'file:///tmp/x.html',
  ])('falls back to the built file for ELECTRON_RENDERER_URL=%s', (devServerUrl) => {
    expect(resolveRendererTarget({ isPackaged: false, devServerUrl, indexHtmlPath: INDEX })).toEqual({
      kind: 'file',
      path: INDEX,
    });
  });
});

describe('isRendererUrl', () => {
  const file = { kind: 'file', path: INDEX } as const;
  const dev = { kind: 'dev-server', url: 'http://localhost:5173/' } as const;

  it('accepts our index.html, with or without a hash or query', () => {
    expect(isRendererUrl(file, 'file:///opt/minerdeck/out/renderer/index.html')).toBe(true);
    expect(isRendererUrl(file, 'file:///opt/minerdeck/out/renderer/index.html#/fleet')).toBe(true);
    expect(isRendererUrl(file, 'file:///opt/minerdeck/out/renderer/index.html?x=1')).toBe(true);
  });

  it.each([
    'file:///opt/minerdeck/out/renderer/other.html',
    'file:///opt/minerdeck/out/renderer/../renderer-evil/index.html',
    'file:///tmp/index.html',
    'http://localhost:5173/',
    'https://evil.example/opt/minerdeck/out/renderer/index.html',
    'about:blank',
    '',
    'garbage',
  ])('rejects %s for the built file', (url) => {
    expect(isRendererUrl(file, url)).toBe(false);
  });

  it('accepts any page of the dev server origin and nothing else', () => {
    expect(isRendererUrl(dev, 'http://localhost:5173/')).toBe(true);
    expect(isRendererUrl(dev, 'http://localhost:5173/index.html#x')).toBe(true);
    for (const url of [
      'http://localhost:5174/',
      'http://127.0.0.1:5173/',
      'https://localhost:5173/',
      'file:///x',
    ]) {
      expect(isRendererUrl(dev, url), url).toBe(false);
    }
  });
});
