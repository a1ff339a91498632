/**
 * Reads labels (QR, Code 128, EAN/UPC, Code 39, DataMatrix) from camera frames: Chromium's own
 * BarcodeDetector where the platform has one (macOS, Windows, ChromeOS), else ZXing in WebAssembly from
 * the `barcode-detector` package (Linux Chromium has no native detector). The .wasm ships inside the app
 * (Vite copies it next to the scripts): nothing is fetched from the network — the CSP allows only the
 * app's own files and 'wasm-unsafe-eval' to compile it (docs/design.md, Security). The package is loaded
 * only when the camera is first turned on.
 */
import type { Detector, DetectorClass } from './label-formats';
import { LABEL_FORMATS } from './label-formats';

export interface LabelReader {
  /** `native` (the platform's detector) or `zxing` (the bundled WebAssembly). */
  engine: 'native' | 'zxing';
  read(source: HTMLVideoElement | ImageBitmap): Promise<string[]>;
}

async function nativeDetector(): Promise<Detector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native === undefined) return undefined;
  try {
    const supported = new Set(await Native.getSupportedFormats());
    const formats = LABEL_FORMATS.filter((f) => supported.has(f));
    // A platform detector that knows no 1D codes would miss most box labels: ZXing then.
    return formats.includes('code_128') && formats.includes('qr_code') ? new Native({ formats }) : undefined;
  } catch {
    return undefined;
  }
}

async function zxingDetector(): Promise<Detector> {
  const { openZxingDetector } = await import('./zxing-detector');
  return openZxingDetector([...LABEL_FORMATS]);
}

/** `preferNative: false` forces the bundled reader (tests of it on a platform that has a native one). */
export async function openLabelReader(preferNative = true): Promise<LabelReader> {
  const native = preferNative ? await nativeDetector() : undefined;
  const detector = native ?? (await zxingDetector());
  return {
    engine: native !== undefined ? 'native' : 'zxing',
    read: async (source) => (await detector.detect(source)).map((code) => code.rawValue),
  };
}
