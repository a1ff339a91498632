import { describe, expect, it } from 'vitest';
import { grantsCheck, grantsRequest } from '../../../electron/main/camera-permission';
import { isRendererUrl } from '../../../electron/main/renderer-target';

const fileTarget = { kind: 'file', path: '/app/out/renderer/index.html' } as const;
const devTarget = { kind: 'dev-server', url: 'http://localhost:5173/' } as const;
const ownFile = (url: string): boolean => isRendererUrl(fileTarget, url);
const OWN = 'file:///app/out/renderer/index.html';

describe('the camera permission (Scan to place)', () => {
  it('grants video to our own page, in its top frame', () => {
    expect(
      grantsRequest(
        { permission: 'media', requestingUrl: OWN, mediaTypes: ['video'], isMainFrame: true },
        ownFile,
      ),
    ).toBe(true);
    expect(
      grantsRequest({ permission: 'media', requestingUrl: `${OWN}#fleet`, mediaTypes: ['video'] }, ownFile),
    ).toBe(true);
    const dev = (url: string): boolean => isRendererUrl(devTarget, url);
    expect(
      grantsRequest(
        { permission: 'media', requestingUrl: 'http://localhost:5173/', mediaTypes: ['video'] },
        dev,
      ),
    ).toBe(true);
  });

  it('refuses the microphone, screen capture, an unsaid media type and a sub-frame', () => {
    for (const mediaTypes of [['audio'], ['video', 'audio'], []]) {
      expect(grantsRequest({ permission: 'media', requestingUrl: OWN, mediaTypes }, ownFile)).toBe(false);
    }
    expect(
      grantsRequest(
        { permission: 'media', requestingUrl: OWN, mediaTypes: ['video'], isMainFrame: false },
        ownFile,
      ),
    ).toBe(false);
    expect(
      grantsRequest({ permission: 'display-capture', requestingUrl: OWN, mediaTypes: ['video'] }, ownFile),
    ).toBe(false);
  });

  it('refuses any other page: another file, a device page, a dev server that is not ours', () => {
    for (const requestingUrl of [
      'file:///tmp/evil.html',
      'file:///app/out/renderer/other.html',
      'http://10.0.0.41/',
      'https://example.com/',
      'http://localhost:5174/',
      '',
    ]) {
      expect(grantsRequest({ permission: 'media', requestingUrl, mediaTypes: ['video'] }, ownFile)).toBe(
        false,
      );
    }
  });

  it('refuses every other permission, even for our own page', () => {
    for (const permission of [
      'notifications',
      'geolocation',
      'clipboard-read',
      'midi',
      'hid',
      'serial',
      'openExternal',
    ]) {
      expect(grantsRequest({ permission, requestingUrl: OWN, mediaTypes: ['video'] }, ownFile)).toBe(false);
      expect(grantsCheck({ permission, requestingUrl: OWN, mediaType: 'video' }, ownFile)).toBe(false);
    }
  });

  it('answers checks the same way: video for our page only', () => {
    expect(grantsCheck({ permission: 'media', requestingUrl: OWN, mediaType: 'video' }, ownFile)).toBe(true);
    expect(grantsCheck({ permission: 'media', requestingUrl: OWN, mediaType: 'audio' }, ownFile)).toBe(false);
    expect(grantsCheck({ permission: 'media', requestingUrl: OWN }, ownFile)).toBe(false);
    expect(
      grantsCheck(
        { permission: 'media', requestingUrl: 'https://example.com/', mediaType: 'video' },
        ownFile,
      ),
    ).toBe(false);
  });
});
