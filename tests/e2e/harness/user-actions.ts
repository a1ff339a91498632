/**
 * A technician's actions on a page, counted as the issue counts them: a click, a menu choice or a key
 * press is one action; typing into a field is one action per field, however long the text. Each action is
 * logged in words, so a test failing on the count says which actions it counted; the wall time runs from
 * the counter's start (or `restart`) to `elapsedMs()`.
 */
import type { Locator, Page } from 'playwright-core';

export class UserActions {
  /** Every action, in words, in order. */
  readonly log: string[] = [];
  private started = Date.now();

  constructor(private readonly page: Page) {}

  get count(): number {
    return this.log.length;
  }

  /** Starts counting and timing afresh (the log is cleared). */
  restart(): void {
    this.log.length = 0;
    this.started = Date.now();
  }

  elapsedMs(): number {
    return Date.now() - this.started;
  }

  async click(target: Locator, what: string): Promise<void> {
    await target.click();
    this.log.push(`click ${what}`);
  }

  /** Types into one field: one action, whatever the text's length. */
  async type(field: Locator, text: string, what: string): Promise<void> {
    await field.fill(text);
    this.log.push(`type ${what}`);
  }

  async press(key: string, what: string): Promise<void> {
    await this.page.keyboard.press(key);
    this.log.push(`press ${key} (${what})`);
  }

  /** Picks an option of a <select>: one action. */
  async choose(select: Locator, value: string, what: string): Promise<void> {
    await select.selectOption(value);
    this.log.push(`choose ${what}`);
  }
}
