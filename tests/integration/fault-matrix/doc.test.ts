/**
 * docs/fault-matrix.md is the table the fault-matrix suites assert, rendered: it fails when the two differ
 * (UPDATE_FAULT_MATRIX=1 rewrites the document), and when an example text in the table would not pass its
 * own cell's check — so what the document tells a reader is what the tests hold the app to.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/run-cli';
import { FAULT_IDS, MATRIX, OPERATIONS, renderFaultMatrix } from './matrix';

const DOC = resolve(REPO_ROOT, 'docs/fault-matrix.md');

describe('docs/fault-matrix.md', () => {
  it('is the rendering of the table the tests assert', () => {
    if (process.env.UPDATE_FAULT_MATRIX === '1') writeFileSync(DOC, renderFaultMatrix());
    expect(readFileSync(DOC, 'utf8')).toBe(renderFaultMatrix());
  });

  it.each(OPERATIONS)('%s: every example text passes its own cell’s check', (operation) => {
    for (const id of FAULT_IDS) expect(MATRIX[id][operation].says, id).toMatch(MATRIX[id][operation].match);
  });
});
