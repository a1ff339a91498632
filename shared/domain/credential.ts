/**
 * A credential sent with one protected request. Exactly one header goes out per request
 * (spec §5): a bearer token from POST /unlock, or an API key in `x-api-key`.
 */
export type DeviceCredential = { kind: 'token'; token: string } | { kind: 'apiKey'; key: string };

/** What the renderer may know about a device's stored secrets: metadata only, never the secret. */
export interface CredentialMetadata {
  hasPassword: boolean;
  hasApiKey: boolean;
  apiKeyDescription?: string;
  storedAt?: string;
}
