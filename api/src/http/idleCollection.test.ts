import { afterEach, describe, expect, it, vi } from "vitest";
import { type IdleCollection, startIdleCollection } from "./idleCollection.ts";

const MB = 1024 * 1024;

describe("the idle collection", () => {
  let running: IdleCollection | undefined;
  afterEach(() => {
    running?.stop();
    vi.useRealTimers();
  });

  function start(heap: { used: number }) {
    vi.useFakeTimers();
    const collections: number[] = [];
    running = startIdleCollection({
      everyMs: 1000,
      growthBytes: 16 * MB,
      heapUsed: () => heap.used,
      collect: () => {
        collections.push(heap.used);
        heap.used = 50 * MB;
      },
    });
    return { collections, idle: running };
  }

  it("collects in the first quiet second once the heap grew, and not again until it grows again", () => {
    const heap = { used: 50 * MB };
    const { collections } = start(heap);
    heap.used = 140 * MB;
    vi.advanceTimersByTime(1000);
    expect(collections).toEqual([140 * MB]);
    vi.advanceTimersByTime(5000);
    expect(collections).toHaveLength(1);
    heap.used = 60 * MB;
    vi.advanceTimersByTime(5000);
    expect(collections).toHaveLength(1);
  });

  it("waits while requests keep arriving, then collects in the first second without one", () => {
    const heap = { used: 50 * MB };
    const { collections, idle } = start(heap);
    heap.used = 140 * MB;
    for (let second = 0; second < 10; second++) {
      idle.requestStarted();
      vi.advanceTimersByTime(1000);
    }
    expect(collections).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(collections).toEqual([140 * MB]);
  });

  it("counts growth from what V8's own collection left", () => {
    const heap = { used: 120 * MB };
    const { collections, idle } = start(heap);
    idle.requestStarted();
    heap.used = 40 * MB; // a full collection under load
    vi.advanceTimersByTime(1000);
    heap.used = 58 * MB;
    vi.advanceTimersByTime(1000);
    expect(collections).toEqual([58 * MB]);
  });

  it("does nothing where the runtime offers no collection to call", () => {
    vi.useFakeTimers();
    running = startIdleCollection({ collect: undefined, heapUsed: () => 500 * MB });
    expect(vi.getTimerCount()).toBe(0);
  });
});
