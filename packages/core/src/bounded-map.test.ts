import { describe, expect, it } from 'vitest';
import { BoundedMap, MEMORY_LIMIT } from './bounded-map.js';

describe('BoundedMap', () => {
  it('keeps the most recently set keys and drops the oldest beyond its limit', () => {
    const memory = new BoundedMap<number, string>(3);
    for (const key of [1, 2, 3, 4]) {
      memory.set(key, `v${key}`);
    }
    expect(memory.size).toBe(3);
    expect(memory.has(1)).toBe(false);
    expect([...memory.values()]).toEqual(['v2', 'v3', 'v4']);
  });

  it('makes a key set again the newest, so it outlives older ones; a read does not', () => {
    const memory = new BoundedMap<string, number>(2);
    memory.set('a', 1);
    memory.set('b', 2);
    expect(memory.get('a')).toBe(1);
    memory.set('c', 3);
    expect(memory.has('a')).toBe(false);
    memory.set('b', 20);
    memory.set('d', 4);
    expect([...memory.values()]).toEqual([20, 4]);
  });

  it('stays bounded under a flood of distinct keys (the default limit)', () => {
    const memory = new BoundedMap<number, true>();
    for (let key = 0; key < 100_000; key += 1) {
      memory.set(key, true);
    }
    expect(memory.size).toBe(MEMORY_LIMIT);
    expect(memory.has(100_000 - MEMORY_LIMIT)).toBe(true);
    expect(memory.has(100_000 - MEMORY_LIMIT - 1)).toBe(false);
    expect(memory.delete(99_999)).toBe(true);
    memory.clear();
    expect(memory.size).toBe(0);
  });
});
