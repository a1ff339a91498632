import { describe, expect, it } from 'vitest';
import { FaultRules } from '../../simulator/fault-rules';

describe('FaultRules', () => {
  it('adds latencies up and lets the first other rule decide', () => {
    const rules = new FaultRules();
    rules.add({ fault: { kind: 'latency', ms: 100 } });
    rules.add({ fault: { kind: 'http-500' } });
    rules.add({ fault: { kind: 'latency', ms: 50 } });
    rules.add({ fault: { kind: 'html' } });
    expect(rules.take('GET', '/api/v1/status')).toEqual({ delayMs: 150, fault: { kind: 'http-500' } });
  });

  it('uses up `times` only of the rules that took part, then removes them', () => {
    const rules = new FaultRules();
    rules.add({ fault: { kind: 'hang' }, times: 1 });
    rules.add({ fault: { kind: 'html' }, times: 1 });
    expect(rules.take('GET', '/').fault?.kind).toBe('hang');
    expect(rules.take('GET', '/').fault?.kind).toBe('html');
    expect(rules.take('GET', '/')).toEqual({ delayMs: 0 });
    expect(rules.size).toBe(0);
  });

  it('matches methods case-insensitively and paths exactly', () => {
    const rules = new FaultRules();
    rules.add({ fault: { kind: 'malformed-json' }, methods: ['post'], paths: ['/api/v1/unlock'] });
    expect(rules.take('GET', '/api/v1/unlock').fault).toBeUndefined();
    expect(rules.take('POST', '/api/v1/unlock/').fault).toBeUndefined();
    expect(rules.take('POST', '/api/v1/unlock').fault?.kind).toBe('malformed-json');
  });
});
