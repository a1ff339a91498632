/**
 * A binary min-heap of `{at, key}` ordered by `at`: the poll scheduler's one timeline. O(log n) push and
 * pop keeps 2,000+ devices on a single timer instead of one timer each.
 */
export interface HeapEntry {
  at: number;
  key: string;
  /** Which scheduling of `key` this is; an entry whose generation is stale is skipped when popped. */
  generation: number;
}

export class MinHeap {
  private readonly items: HeapEntry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): HeapEntry | undefined {
    return this.items[0];
  }

  push(entry: HeapEntry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent];
      if (above === undefined || above.at <= entry.at) break;
      items[i] = above;
      i = parent;
    }
    items[i] = entry;
  }

  pop(): HeapEntry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    const n = items.length;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const leftItem = items[left];
      const rightItem = items[right];
      if (leftItem === undefined) break;
      const child = rightItem !== undefined && rightItem.at < leftItem.at ? right : left;
      const childItem = child === right && rightItem !== undefined ? rightItem : leftItem;
      if (childItem.at >= last.at) break;
      items[i] = childItem;
      i = child;
    }
    items[i] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}
