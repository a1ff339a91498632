/**
 * A binary min-heap of `{at, key}` ordered by `at`, first in first out among equal times (a fleet added at
 * once is polled in the order it was given): the poll scheduler's one timeline. O(log n) push and pop
 * keeps 2,000+ devices on a single timer instead of one timer each.
 */
export interface HeapEntry {
  at: number;
  key: string;
  /** Which scheduling of `key` this is; an entry whose generation is stale is skipped when popped. */
  generation: number;
}

interface Slot extends HeapEntry {
  seq: number;
}

const before = (a: Slot, b: Slot): boolean => a.at < b.at || (a.at === b.at && a.seq < b.seq);

export class MinHeap {
  private readonly items: Slot[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  peek(): HeapEntry | undefined {
    return this.items[0];
  }

  push(entry: HeapEntry): void {
    const slot: Slot = { ...entry, seq: this.seq++ };
    const items = this.items;
    let i = items.length;
    items.push(slot);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent];
      if (above === undefined || !before(slot, above)) break;
      items[i] = above;
      i = parent;
    }
    items[i] = slot;
  }

  pop(): HeapEntry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    const n = items.length;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const leftItem = items[left];
      if (leftItem === undefined) break;
      const rightItem = items[left + 1];
      const useRight = rightItem !== undefined && before(rightItem, leftItem);
      const child = useRight ? rightItem : leftItem;
      if (!before(child, last)) break;
      items[i] = child;
      i = useRight ? left + 1 : left;
      if (i >= n) break;
    }
    items[i] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}
