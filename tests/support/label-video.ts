/**
 * A fake camera's picture for Chromium (`--use-fake-device-for-media-stream=<file>.y4m`): printed labels
 * drawn with ZXing's own writer (zxing-wasm, the same library the app reads with, loaded from
 * node_modules: nothing fetched), each shown for a while on white paper, with blank paper between, as a
 * technician holds one box label then one slot label in front of the laptop. Raw I420 frames in a Y4M
 * container: a text header, then `FRAME\n` + Y plane + U plane + V plane per frame.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import type { WriteInputBarcodeFormat } from 'zxing-wasm/writer';
import { REPO_ROOT } from './run-cli';

export interface PrintedLabel {
  text: string;
  format: WriteInputBarcodeFormat;
}

export interface LabelVideoOptions {
  width?: number;
  height?: number;
  fps?: number;
  /** Seconds each label is shown, and seconds of blank paper after it. */
  showSeconds?: number;
  blankSeconds?: number;
}

/** A label's modules as grey levels (0 black, 255 white), `width` × `height`. */
interface Picture {
  pixels: Uint8Array;
  width: number;
  height: number;
}

let prepared = false;

function prepareWriter(): void {
  if (prepared) return;
  const wasm = readFileSync(join(REPO_ROOT, 'node_modules/zxing-wasm/dist/writer/zxing_writer.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer } });
  prepared = true;
}

/** The label scaled up by whole modules to fit `maxWidth` × `maxHeight`. */
async function drawLabel(label: PrintedLabel, maxWidth: number, maxHeight: number): Promise<Picture> {
  prepareWriter();
  const written = await writeBarcode(label.text, { format: label.format, scale: 1, withQuietZones: false });
  if (written.error !== '')
    throw new Error(`cannot print ${label.text} as ${label.format}: ${written.error}`);
  const { data, width, height } = written.symbol;
  const scale = Math.max(1, Math.min(Math.floor(maxWidth / width), Math.floor(maxHeight / height)));
  const out = { width: width * scale, height: height * scale };
  const pixels = new Uint8Array(out.width * out.height);
  for (let y = 0; y < out.height; y += 1) {
    for (let x = 0; x < out.width; x += 1) {
      pixels[y * out.width + x] = data[Math.floor(y / scale) * width + Math.floor(x / scale)] ?? 255;
    }
  }
  return { pixels, ...out };
}

/** One frame's Y plane: white paper with the picture centred (or blank). */
function lumaFrame(frameWidth: number, frameHeight: number, picture: Picture | undefined): Uint8Array {
  const luma = new Uint8Array(frameWidth * frameHeight).fill(235);
  if (picture === undefined) return luma;
  const left = Math.floor((frameWidth - picture.width) / 2);
  const top = Math.floor((frameHeight - picture.height) / 2);
  for (let y = 0; y < picture.height; y += 1) {
    for (let x = 0; x < picture.width; x += 1) {
      const grey = picture.pixels[y * picture.width + x] ?? 255;
      luma[(top + y) * frameWidth + left + x] = grey < 128 ? 16 : 235;
    }
  }
  return luma;
}

/** Writes the Y4M file: each label in turn, then blank paper; returns the path. */
export async function writeLabelVideo(
  path: string,
  labels: readonly PrintedLabel[],
  options: LabelVideoOptions = {},
): Promise<string> {
  const { width = 480, height = 360, fps = 5, showSeconds = 2, blankSeconds = 1 } = options;
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const blank = lumaFrame(width, height, undefined);
  const frames: Uint8Array[] = [];
  const frame = (luma: Uint8Array): void => {
    frames.push(Buffer.from('FRAME\n'), luma, chroma);
  };
  for (const label of labels) {
    const luma = lumaFrame(width, height, await drawLabel(label, width - 80, height - 60));
    for (let i = 0; i < showSeconds * fps; i += 1) frame(luma);
    for (let i = 0; i < blankSeconds * fps; i += 1) frame(blank);
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...frames]));
  return path;
}
