/**
 * The firmware vendor's own OpenAPI document (xminer 1.2.6), read by tests that hold the app to the
 * vendor's word lists. Its location is named here only, so moving the document (into the repository, a
 * newer version) is a one-line change.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VENDOR_OPENAPI_PATH = fileURLToPath(
  new URL('../../../shared/spec/vendor/xminer-api-1.2.6.openapi.json', import.meta.url),
);

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
