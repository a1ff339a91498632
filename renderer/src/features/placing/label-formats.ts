/**
 * The labels the camera reads (box and slot labels: QR, DataMatrix, Code 128, Code 39, EAN/UPC) and the
 * detector shape both readers share: the platform's BarcodeDetector and the bundled ZXing one.
 */
export const LABEL_FORMATS = [
  'qr_code',
  'data_matrix',
  'code_128',
  'code_39',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
] as const;

export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** The shape both detectors share (the Shape Detection API's). */
export interface Detector {
  detect(source: HTMLVideoElement | ImageBitmap): Promise<{ rawValue: string }[]>;
}
export interface DetectorClass {
  new (options: { formats: LabelFormat[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}
