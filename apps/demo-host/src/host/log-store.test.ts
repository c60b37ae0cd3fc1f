// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createLogStore } from './log-store.js';

describe('createLogStore', () => {
  it('numbers lines, notifies listeners, keeps the same array until a change, and clears', () => {
    const log = createLogStore();
    let calls = 0;
    const unsubscribe = log.subscribe(() => (calls += 1));
    log.append({ server: 'Acme', kind: 'tool', label: 'call', text: 'export-data {}' });
    const snapshot = log.getLog();
    expect(log.getLog()).toBe(snapshot);
    expect(snapshot).toEqual([
      expect.objectContaining({ id: 1, server: 'Acme', label: 'call', at: expect.any(Number) }),
    ]);
    log.clear();
    expect(log.getLog()).toEqual([]);
    unsubscribe();
    log.append({ server: 'Acme', kind: 'tool', label: 'result', text: 'export-data' });
    expect(calls).toBe(2);
    expect(log.getLog()[0]?.id).toBe(2);
  });

  it('keeps the newest 500 lines', () => {
    const log = createLogStore();
    for (let index = 0; index < 600; index += 1) {
      log.append({ server: 'Acme', kind: 'tool', label: 'call', text: String(index) });
    }
    expect(log.getLog()).toHaveLength(500);
    expect(log.getLog()[0]?.text).toBe('100');
  });
});
