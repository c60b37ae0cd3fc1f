// Which React the suite runs against: 19 in the `react` project, 18 in `react-18` (vitest.react18.config.ts), so a
// resolution slip (React 19 leaking into the React 18 run, or two copies at once) fails here, not silently.
import { version as reactVersion } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

describe('the React under test', () => {
  it('is the major version this project pins, for react and react-dom alike', () => {
    const expected = process.env['EXPECT_REACT_MAJOR'] ?? '19';
    expect(reactVersion.split('.')[0]).toBe(expected);
    expect(domVersion).toBe(reactVersion);
  });
});
