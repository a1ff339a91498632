/**
 * The bundled label reader: `barcode-detector`'s BarcodeDetector over ZXing in WebAssembly, its .wasm
 * the file Vite copies into the app's assets (`?url`), never the package's default CDN. Loaded only when
 * the camera is first turned on on a platform without a native detector (label-reader.ts).
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { Detector, LabelFormat } from './label-formats';

export function openZxingDetector(formats: LabelFormat[]): Detector {
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: false,
  });
  return new BarcodeDetector({ formats });
}
