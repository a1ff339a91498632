/**
 * A device's fault rules: which ones apply to a request, and counting down `times`. Latency rules add up
 * (a slow device can also fail); the first other matching rule decides the answer.
 */
import type { Fault, FaultRule } from './types';

export interface FaultPlan {
  delayMs: number;
  /** The fault that replaces the normal answer, if any. */
  fault?: Exclude<Fault, { kind: 'latency' }>;
}

interface LiveRule {
  rule: FaultRule;
  methods?: Set<string>;
  paths?: Set<string>;
  left: number;
}

function validate(rule: FaultRule): void {
  const { fault } = rule;
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times > 0)) {
    throw new RangeError(`fault times must be a positive integer, got ${rule.times}`);
  }
  if (fault.kind === 'latency' && !(fault.ms >= 0 && Number.isFinite(fault.ms))) {
    throw new RangeError(`latency ms must be a finite number >= 0, got ${fault.ms}`);
  }
  if (fault.kind === 'status' && !(Number.isInteger(fault.code) && fault.code >= 100 && fault.code <= 999)) {
    throw new RangeError(`status code must be 100-999, got ${fault.code}`);
  }
  if (
    fault.kind === 'huge-body' &&
    fault.bytes !== undefined &&
    !(Number.isInteger(fault.bytes) && fault.bytes > 0)
  ) {
    throw new RangeError(`huge-body bytes must be a positive integer, got ${fault.bytes}`);
  }
}

export class FaultRules {
  private rules: LiveRule[] = [];

  add(rule: FaultRule): void {
    validate(rule);
    this.rules.push({
      rule,
      methods: rule.methods && new Set(rule.methods.map((m) => m.toUpperCase())),
      paths: rule.paths && new Set(rule.paths),
      left: rule.times ?? Number.POSITIVE_INFINITY,
    });
  }

  clear(): void {
    this.rules = [];
  }

  get size(): number {
    return this.rules.length;
  }

  /** The plan for one request; uses up one application of every rule that took part. */
  take(method: string, pathname: string): FaultPlan {
    const plan: FaultPlan = { delayMs: 0 };
    if (this.rules.length === 0) return plan;
    for (const live of this.rules) {
      if (live.methods && !live.methods.has(method)) continue;
      if (live.paths && !live.paths.has(pathname)) continue;
      const { fault } = live.rule;
      if (fault.kind === 'latency') {
        plan.delayMs += fault.ms;
      } else if (plan.fault) {
        continue;
      } else {
        plan.fault = fault;
      }
      live.left--;
    }
    this.rules = this.rules.filter((live) => live.left > 0);
    return plan;
  }
}
