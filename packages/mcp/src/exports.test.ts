import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('package entry', () => {
  it('exports exactly the documented runtime names', () => {
    expect(Object.keys(api).toSorted()).toEqual([
      'DEFAULT_MAX_PENDING_PER_SERVER',
      'attachElicitation',
      'createElicitationQueue',
      'elicitationCapability',
      'isTooManyPending',
      'publicSuffixList',
      'readServerIdentity',
    ]);
  });
});
