/**
 * The app icon files are generated from resources/icon.svg by scripts/generate-icons.mjs and committed,
 * because the packagers read them from disk. Regenerating them must give the same bytes, so a file that
 * was edited by hand or not regenerated after the SVG changed fails here; and each file must be what its
 * reader expects (PNG sizes, ICO and ICNS directories), since a broken icon only shows once packaged.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowIconPath } from '../../../electron/core/shell/window-icon';
import { REPO_ROOT } from '../../support/run-cli';

const run = promisify(execFile);
const ICONS = join(REPO_ROOT, 'resources/icons');
const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const read = (name: string): Buffer => readFileSync(join(ICONS, name));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

/** Width and height from a PNG's first chunk, which the format requires to be IHDR. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The ICO directory: each entry's size, and the image it points at (PNG, or a BMP info header). */
function icoEntries(bytes: Buffer): { size: number; kind: 'png' | 'bmp' }[] {
  expect(bytes.readUInt16LE(0), 'reserved').toBe(0);
  expect(bytes.readUInt16LE(2), 'type 1 = icon').toBe(1);
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const at = 6 + i * 16;
    const width = bytes.readUInt8(at) || 256;
    const height = bytes.readUInt8(at + 1) || 256;
    const length = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    expect(width).toBe(height);
    expect(offset + length).toBeLessThanOrEqual(bytes.length);
    const image = bytes.subarray(offset, offset + length);
    if (image.subarray(0, 8).equals(PNG_SIGNATURE)) {
      expect(pngSize(image)).toEqual({ width, height });
      return { size: width, kind: 'png' as const };
    }
    expect(image.readUInt32LE(0), 'BITMAPINFOHEADER size').toBe(40);
    expect(image.readInt32LE(4)).toBe(width);
    // The height counts the colour rows and the mask rows.
    expect(image.readInt32LE(8)).toBe(height * 2);
    return { size: width, kind: 'bmp' as const };
  });
}

/** The ICNS chunks, walked from the header to the declared end, which must be the file's end. */
function icnsChunks(bytes: Buffer): Map<string, Buffer> {
  expect(bytes.toString('latin1', 0, 4)).toBe('icns');
  expect(bytes.readUInt32BE(4)).toBe(bytes.length);
  const chunks = new Map<string, Buffer>();
  let at = 8;
  for (let guard = 0; at < bytes.length && guard < 100; guard += 1) {
    const type = bytes.toString('latin1', at, at + 4);
    const length = bytes.readUInt32BE(at + 4);
    expect(length).toBeGreaterThan(8);
    chunks.set(type, bytes.subarray(at + 8, at + length));
    at += length;
  }
  expect(at).toBe(bytes.length);
  return chunks;
}

describe('app icons (resources/icons)', () => {
  let fresh: string;

  beforeAll(async () => {
    fresh = mkdtempSync(join(tmpdir(), 'minerdeck-icons-'));
    await run(process.execPath, [join(REPO_ROOT, 'scripts/generate-icons.mjs'), '--out', fresh], {
      cwd: REPO_ROOT,
      timeout: 60_000,
    });
  }, 90_000);

  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('are exactly what the script renders from resources/icon.svg (npm run icons)', () => {
    const committed = filesUnder(ICONS);
    expect(committed).toEqual(filesUnder(fresh));
    const stale = committed.filter((name) => !read(name).equals(readFileSync(join(fresh, name))));
    expect(stale, 'run npm run icons and commit resources/icons').toEqual([]);
  });

  it('has a PNG of each size, and icon.png at 512 px', () => {
    for (const size of PNG_SIZES) {
      expect(pngSize(read(`png/${size}.png`)), `${size}.png`).toEqual({ width: size, height: size });
    }
    expect(pngSize(read('icon.png'))).toEqual({ width: 512, height: 512 });
  });

  it('has a Windows ICO with 16 to 256 px, small sizes as bitmaps for older Explorer versions', () => {
    const entries = icoEntries(read('icon.ico'));
    const sizes = entries.map((e) => e.size);
    for (const size of [16, 24, 32, 48, 64, 128, 256]) expect(sizes).toContain(size);
    expect(entries.filter((e) => e.size < 64).every((e) => e.kind === 'bmp')).toBe(true);
    expect(entries.find((e) => e.size === 256)?.kind).toBe('png');
  });

  it('has a macOS ICNS with every size from 16 px to 512@2x', () => {
    const chunks = icnsChunks(read('icon.icns'));
    const pngChunks = {
      ic11: 32,
      ic12: 64,
      ic07: 128,
      ic08: 256,
      ic13: 256,
      ic09: 512,
      ic14: 512,
      ic10: 1024,
    };
    for (const [type, size] of Object.entries(pngChunks)) {
      const chunk = chunks.get(type);
      expect(chunk, type).toBeDefined();
      expect(pngSize(chunk!), type).toEqual({ width: size, height: size });
    }
    // The classic 16 and 32 px bitmaps each need their alpha mask beside them (16² and 32² bytes).
    for (const type of ['is32', 'il32']) expect(chunks.has(type), type).toBe(true);
    expect(chunks.get('s8mk')?.length).toBe(16 * 16);
    expect(chunks.get('l8mk')?.length).toBe(32 * 32);
  });

  it('gives the window the 512 px PNG, from where the app root holds it', () => {
    expect(pngSize(readFileSync(windowIconPath(REPO_ROOT)))).toEqual({ width: 512, height: 512 });
  });
});
