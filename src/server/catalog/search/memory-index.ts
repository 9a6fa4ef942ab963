/**
 * The in-memory search index (docs/decisions/005-search.md): for every word,
 * the products containing it with the word's field weight. Scoring walks only
 * the postings of the matched words, in typed arrays, so a query over 100 000
 * products takes a few milliseconds.
 *
 * Products get an ordinal when added; an edit or deletion retires the old
 * ordinal (its postings are skipped) and an edit adds a new one. The holder
 * rebuilds the index when retired ordinals pile up.
 */
import { matchWord, type WordMatch } from './match.ts';

/** Field weights fit in 3 bits; postings pack `ordinal * 8 + weight` into one small integer. */
const WEIGHT_BITS = 8;

export interface IndexedProduct {
  id: string;
  createdAt: string;
  words: Map<string, number>;
}

export class SearchIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly ids: string[] = [];
  /** Seconds since 2000 of each ordinal's created_at: the tie-break "newest first". */
  private readonly created: number[] = [];
  private readonly live: boolean[] = [];
  private readonly ordinalOf = new Map<string, number>();
  private vocabulary: string[] | null = null;
  retired = 0;

  postingCount = 0;

  get size(): number {
    return this.ordinalOf.size;
  }

  add(product: IndexedProduct): void {
    this.remove(product.id);
    const ordinal = this.ids.length;
    this.ids.push(product.id);
    this.created.push(Math.max(0, Math.floor((Date.parse(product.createdAt) - Date.UTC(2000, 0, 1)) / 1000)) || 0);
    this.live.push(true);
    this.ordinalOf.set(product.id, ordinal);
    for (const [word, weight] of product.words) {
      let list = this.postings.get(word);
      if (!list) {
        list = [];
        this.postings.set(word, list);
        this.vocabulary = null;
      }
      list.push(ordinal * WEIGHT_BITS + weight);
      this.postingCount++;
    }
  }

  remove(id: string): void {
    const ordinal = this.ordinalOf.get(id);
    if (ordinal === undefined) return;
    this.live[ordinal] = false;
    this.ordinalOf.delete(id);
    this.retired++;
  }

  words(): string[] {
    this.vocabulary ??= [...this.postings.keys()];
    return this.vocabulary;
  }

  /** Matched vocabulary words per query word; null when some query word matches nothing. */
  expand(terms: string[]): WordMatch[][] | null {
    if (terms.length === 0) return null;
    const vocabulary = this.words();
    const expanded = terms.map((term) => matchWord(term, vocabulary));
    return expanded.some((m) => m.length === 0) ? null : expanded;
  }

  /**
   * Live products matching all query words: how many, and the ordinals of one
   * page, best first then newest. Score = sum over query words of the best
   * (match score x field weight) among the product's words.
   */
  rank(expanded: WordMatch[][], offset: number, limit: number): { ordinals: number[]; total: number } {
    const n = this.ids.length;
    const total = new Int32Array(n);
    const hits = new Uint8Array(n);
    const best = new Int32Array(n);
    let matched: number[] = [];
    expanded.forEach((matches, term) => {
      const seen: number[] = [];
      for (const { word, score } of matches) {
        const list = this.postings.get(word);
        if (!list) continue;
        for (const packed of list) {
          const ordinal = Math.floor(packed / WEIGHT_BITS);
          // Only products that matched every earlier query word can still qualify.
          if (hits[ordinal] !== term || !this.live[ordinal]) continue;
          const value = score * (packed % WEIGHT_BITS);
          if (best[ordinal] === 0) seen.push(ordinal);
          if (value > (best[ordinal] ?? 0)) best[ordinal] = value;
        }
      }
      for (const ordinal of seen) {
        total[ordinal] = (total[ordinal] ?? 0) + (best[ordinal] ?? 0);
        hits[ordinal] = term + 1;
        best[ordinal] = 0;
      }
      matched = seen;
    });
    return { ordinals: this.topOrdinals(matched, total, offset + limit).slice(offset), total: matched.length };
  }

  /** The best `k` ordinals, best first: a bounded heap, so a huge match list is never fully sorted. */
  private topOrdinals(candidates: number[], score: Int32Array, k: number): number[] {
    // "a before b": higher score, then newer, then the later-added ordinal (tuning.ts).
    const before = (a: number, b: number) =>
      (score[a] ?? 0) - (score[b] ?? 0) || (this.created[a] ?? 0) - (this.created[b] ?? 0) || a - b;
    const heap: number[] = []; // min-heap on `before`: heap[0] is the weakest kept
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l] as number, heap[m] as number) < 0) m = l;
        if (r < heap.length && before(heap[r] as number, heap[m] as number) < 0) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m] as number, heap[i] as number];
        i = m;
      }
    };
    for (const c of candidates) {
      if (heap.length < k) {
        heap.push(c);
        for (let i = heap.length - 1; i > 0; ) {
          const p = (i - 1) >> 1;
          if (before(heap[i] as number, heap[p] as number) >= 0) break;
          [heap[i], heap[p]] = [heap[p] as number, heap[i] as number];
          i = p;
        }
      } else if (k > 0 && before(c, heap[0] as number) > 0) {
        heap[0] = c;
        down(0);
      }
    }
    return heap.sort((a, b) => before(b, a));
  }

  idsOf(ordinals: number[]): string[] {
    return ordinals.map((o) => this.ids[o] ?? '');
  }
}
