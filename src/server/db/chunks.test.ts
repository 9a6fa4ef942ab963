import { describe, expect, it } from 'vitest';
import { CHUNK_ROWS, inChunks } from './chunks.ts';

describe('inChunks', () => {
  it('hands every item once, in order, in slices no larger than the size, one slice at a time', async () => {
    const items = Array.from({ length: 2 * CHUNK_ROWS + 1 }, (_, i) => i);
    const sizes: number[] = [];
    let running = 0;
    const out = await inChunks(items, async (chunk) => {
      running += 1;
      expect(running).toBe(1);
      sizes.push(chunk.length);
      await Promise.resolve();
      running -= 1;
      return chunk.map((n) => n * 2);
    });
    expect(sizes).toEqual([CHUNK_ROWS, CHUNK_ROWS, 1]);
    expect(out).toEqual(items.map((n) => n * 2));
  });

  it('runs nothing for no items', async () => {
    let calls = 0;
    expect(await inChunks([], async () => [calls++])).toEqual([]);
    expect(calls).toBe(0);
  });
});
