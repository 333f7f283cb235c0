import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Tests only. jsdom lays nothing out, so charts and the data grid measure a 0 × 0 box and draw
 * nothing: this ResizeObserver reports a fixed box instead. `vi.unstubAllGlobals()` undoes it.
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

/** The same fixed box in every test of the file. */
export function stubLayoutInEachTest(width = 1200, height = 800): void {
  beforeEach(() => {
    stubLayout(width, height);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** The data grid and charts take a while in jsdom: the wait of a `findBy…` for their content. */
export const SLOW = { timeout: 5000 };
