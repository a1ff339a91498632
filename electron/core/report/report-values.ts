/**
 * How report values read to a person. The definitions live in shared/format/report-text.ts so the app's
 * report preview (renderer) words every value exactly as the CSV and HTML files do.
 */
export * from '../../../shared/format/report-text';
