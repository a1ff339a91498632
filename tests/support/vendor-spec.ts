/**
 * The firmware vendor's own OpenAPI document (xminer 1.2.6), read by tests that hold the app to the
 * vendor's word lists. Its location is named in tests/fixtures/paths.ts only, so moving the document (a
 * newer version) is a one-line change.
 */
import { readFileSync } from 'node:fs';
import { VENDOR_OPENAPI_PATH } from '../fixtures/paths';

export { VENDOR_OPENAPI_PATH };

interface OpenApiDocument {
  components?: { schemas?: Record<string, { enum?: unknown[] }> };
}

/** The values of a string enum in `components.schemas`; throws when the schema is missing or not one. */
export function vendorEnum(schema: string): string[] {
  const doc = JSON.parse(readFileSync(VENDOR_OPENAPI_PATH, 'utf8')) as OpenApiDocument;
  const values = doc.components?.schemas?.[schema]?.enum;
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
    throw new Error(`${VENDOR_OPENAPI_PATH}: components.schemas.${schema} is not a string enum`);
  }
  return values as string[];
}
