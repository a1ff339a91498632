/**
 * "Trust the new certificates of these updated devices?" asked once per step, not once per device: devices
 * whose certificate changed after their update wait here until every other device of the step has its
 * verdict (or waits here too), then the technician answers for all of them in one step.
 */
import type { CertificateChange } from '../../../shared/domain/firmware';

export class CertificateAsk {
  private waiting: { change: CertificateChange; resolve: (trusted: boolean) => void }[] = [];
  private settled = 0;

  constructor(
    private readonly devices: number,
    /** Answers, per change, whether its new certificate is trusted now. */
    private readonly decide: (changes: CertificateChange[]) => Promise<ReadonlySet<string>>,
  ) {}

  /** A device's certificate changed after its update: resolves once the question was answered. */
  ask(change: CertificateChange): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiting.push({ change, resolve });
      this.maybeAsk();
    });
  }

  /** A device of the step has its verdict (it will not ask). */
  done(): void {
    this.settled += 1;
    this.maybeAsk();
  }

  private maybeAsk(): void {
    if (this.waiting.length === 0 || this.settled + this.waiting.length < this.devices) return;
    const asked = this.waiting;
    this.waiting = [];
    this.decide(asked.map((a) => a.change)).then(
      (trusted) => {
        for (const a of asked) a.resolve(trusted.has(a.change.deviceId));
      },
      () => {
        for (const a of asked) a.resolve(false);
      },
    );
  }
}
