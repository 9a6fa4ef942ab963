import { describe, expect, it } from 'vitest';
import { ID_PATTERN, newId } from './ids.ts';

describe('newId', () => {
  it('sorts by creation even within one millisecond', () => {
    const now = Date.now();
    const ids = Array.from({ length: 1000 }, () => newId(now));
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId(now + 1) > ids[ids.length - 1]!).toBe(true);
  });
});
