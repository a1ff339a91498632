// Renders the app icon from its one source, resources/icon.svg, into every file the window and the
// packagers need, so no bitmap is ever drawn or edited by hand:
//   resources/icons/png/<size>.png   16 … 1024, each rendered from the vector (sharp at 16 px too);
//   resources/icons/icon.png         512 px (electron-builder's Linux icon and the generic fallback);
//   resources/icons/icon.ico         Windows (png2icons, BMP below 64 px as older Explorer versions want);
//   resources/icons/icon.icns        macOS (png2icons).
// The output is deterministic (no system fonts, fixed scaling), so tests/unit/build/icons.test.ts can
// regenerate into a temporary folder and demand byte-identical files: a stale or hand-edited icon fails.
//
// Usage: npm run icons            (writes resources/icons)
//        node scripts/generate-icons.mjs --out <folder>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const ROOT = resolve(import.meta.dirname, '..');
export const SOURCE_SVG = join(ROOT, 'resources/icon.svg');
export const DEFAULT_OUT = join(ROOT, 'resources/icons');
/** Every size a desktop asks for: Linux hicolor themes, Windows lists and taskbars, macOS retina. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

/** One PNG of the SVG at `size` × `size`, rendered from the vector itself. */
function render(svg, size) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    // The icon has no text: loading fonts would only make the output depend on the machine.
    font: { loadSystemFonts: false },
  });
  return Buffer.from(resvg.render().asPng());
}

/** Writes every icon file into `outDir`; returns the paths written, relative to it. */
export function generateIcons(outDir = DEFAULT_OUT, svgPath = SOURCE_SVG) {
  const svg = readFileSync(svgPath);
  const written = [];
  const put = (name, bytes) => {
    writeFileSync(join(outDir, name), bytes);
    written.push(name);
  };
  mkdirSync(join(outDir, 'png'), { recursive: true });
  const pngs = new Map(PNG_SIZES.map((size) => [size, render(svg, size)]));
  for (const [size, bytes] of pngs) put(`png/${size}.png`, bytes);
  put('icon.png', pngs.get(512));
  // png2icons scales one source down to each entry; starting from the largest render measured closest to
  // the vector renders at 16–48 px (starting from 256 px blurs them more).
  const ico = png2icons.createICO(pngs.get(1024), png2icons.BICUBIC2, 0, false, true);
  const icns = png2icons.createICNS(pngs.get(1024), png2icons.BICUBIC2, 0);
  if (ico === null || icns === null) throw new Error('png2icons could not convert the rendered PNG.');
  put('icon.ico', ico);
  put('icon.icns', icns);
  return written;
}

function outFromArgs(args) {
  const at = args.indexOf('--out');
  if (at === -1) return DEFAULT_OUT;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error('--out needs a folder.');
  return resolve(value);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outDir = outFromArgs(process.argv.slice(2));
  const written = generateIcons(outDir);
  console.log(`Wrote ${written.length} icon files to ${outDir}.`);
}
