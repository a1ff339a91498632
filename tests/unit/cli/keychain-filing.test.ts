import { describe, expect, it } from 'vitest';
import { filesInBackground } from '../../../electron/cli/keychain-filing';

describe('filesInBackground', () => {
  it('files in the background for the long commands, at the end for the short ones', () => {
    expect(filesInBackground(['commission', '--all', '--yes'])).toBe(true);
    expect(filesInBackground(['firmware', 'upgrade', '10.0.0.5'])).toBe(true);
    expect(filesInBackground(['accept', '--all'])).toBe(true);
    expect(filesInBackground(['password', 'change', '--all'])).toBe(true);
    expect(filesInBackground(['unlock', '10.0.0.5'])).toBe(false);
    expect(filesInBackground(['status', '10.0.0.5'])).toBe(false);
    expect(filesInBackground([])).toBe(false);
  });

  it('finds the command past --data-dir, as the CLI does', () => {
    expect(filesInBackground(['--data-dir', 'commission', 'unlock', 'x'])).toBe(false);
    expect(filesInBackground(['--data-dir', '/tmp/d', 'commission', '--all'])).toBe(true);
    expect(filesInBackground(['--data-dir=/tmp/d', 'accept'])).toBe(true);
  });
});
