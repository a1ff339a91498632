/** What the page-side harness script is installed with (shared by browser-api.ts and the server). */
export interface HarnessApiConfig {
  /** `ws://127.0.0.1:<port>/__harness/socket` */
  socketUrl: string;
  /** The random token of this harness run; from the page's `#harness-token=` fragment when absent. */
  token?: string;
  channels: string[];
}
