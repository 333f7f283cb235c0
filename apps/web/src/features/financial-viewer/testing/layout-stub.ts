import { vi } from 'vitest';

/**
 * Tests only. jsdom lays nothing out, so the data grid measures a 0 × 0 box and draws no rows:
 * this ResizeObserver reports a fixed box instead. `vi.unstubAllGlobals()` undoes it.
 */
export function stubLayout(width = 1200, height = 800): void {
  class FixedSizeObserver {
    readonly #callback: ResizeObserverCallback;
    constructor(callback: ResizeObserverCallback) {
      this.#callback = callback;
    }
    observe(target: Element) {
      const contentRect = { width, height, top: 0, left: 0, bottom: height, right: width };
      this.#callback([{ target, contentRect } as unknown as ResizeObserverEntry], this);
    }
    unobserve() {
      // Nothing is watched.
    }
    disconnect() {
      // Nothing is watched.
    }
  }
  vi.stubGlobal('ResizeObserver', FixedSizeObserver);
}

/** The data grid takes a while to lay out in jsdom: the wait of a `findBy…` for its content. */
export const SLOW = { timeout: 5000 };
