/**
 * The report preview by rack (issue 34), from a report the real builder made of a site with a layout: one
 * part per rack in the layout's order with its map (each slot's verdict in words, empty slots said), the
 * unplaced devices last, the rows numbered on across the racks, and the failures of page 1 named by their
 * slot within page 1's room, the rest counted by rack.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportPreview } from '../../../renderer/src/features/report/report-preview';
import { largeSiteReport } from '../../support/report-site';

afterEach(cleanup);

describe('the report preview by rack', () => {
  it('draws each rack with its map and devices, the unplaced last', () => {
    const report = largeSiteReport(30, {
      failed: 4,
      layout: { racks: 2, shelves: 3, positions: 5, unplaced: 7, skipEvery: 4 },
    });
    render(<ReportPreview report={report} />);
    const devices = screen.getByRole('region', { name: 'Devices' });
    const parts = within(devices).getAllByRole('region');
    expect(parts.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Rack C1 · R01',
      'Rack C2 · R02',
      'Not placed in a rack',
    ]);
    const map = within(parts[0]!).getByRole('table', { name: 'Map of C1 · R01' });
    const slots = [...map.querySelectorAll('td')];
    expect(slots).toHaveLength(15);
    expect(slots.filter((td) => td.dataset.verdict === 'failed').map((td) => td.textContent)).toEqual([
      '✗ FAILED10.7.0.1',
      '✗ FAILED10.7.0.2',
      '✗ FAILED10.7.0.3',
      '✗ FAILED10.7.0.4',
    ]);
    expect(slots.filter((td) => td.dataset.verdict === 'empty')).toHaveLength(3);
    expect(within(parts[2]!).queryByRole('table', { name: /Map/ })).toBeNull();
    // The numbers run on: the unplaced devices are the last seven of 30.
    const rows = within(parts[2]!).getByRole('table', { name: 'Devices in Not placed in a rack' });
    expect([...rows.querySelectorAll('tbody tr')].map((tr) => tr.firstElementChild?.textContent)).toEqual([
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
    ]);
    expect(rows.textContent).toContain('AC:1F:6B:00:00:1D');
    const failures = screen.getByRole('region', { name: 'Failures' });
    expect(failures.textContent).toContain('C1-R01-S1-P1 (10.7.0.1) · Rack 1 / slot 1 — hottest chip');
  });

  it('keeps page 1 within its room when 200 devices failed, counted by rack', () => {
    const report = largeSiteReport(200, { failed: 200, layout: { racks: 10 } });
    render(<ReportPreview report={report} />);
    const failures = screen.getByRole('region', { name: 'Failures' });
    expect(within(failures).getAllByRole('listitem')).toHaveLength(12 + 2);
    expect(failures.textContent).toContain('and 188 more failed devices: see Evidence');
    expect(failures.textContent).toContain('Failed by rack: C1 · R01: 20; C1 · R02: 20;');
  }, 60_000);
});
