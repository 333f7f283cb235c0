import { act, waitFor } from '@testing-library/react';
import type { Stripe } from '@stripe/stripe-js';
import { vi } from 'vitest';

type Listener = (payload: unknown) => void;

/** A Stripe Element that mounts nowhere; `emit` plays what Stripe's frame reports. */
export class FakeElement {
  private readonly listeners = new Map<string, Set<Listener>>();
  readonly mount = vi.fn();
  readonly destroy = vi.fn();
  readonly update = vi.fn();
  readonly clear = vi.fn();

  constructor(
    readonly type: string,
    readonly options: unknown,
  ) {}

  on(event: string, listener: Listener): this {
    const listeners = this.listeners.get(event) ?? new Set<Listener>();
    listeners.add(listener);
    this.listeners.set(event, listeners);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** A change event, as when the user completes the field or types something invalid. */
  emitChange(change: {
    complete: boolean;
    error?: { type: string; code: string; message: string };
  }) {
    act(() => {
      for (const listener of this.listeners.get('change') ?? []) {
        listener({ elementType: this.type, empty: false, ...change });
      }
    });
  }
}

/**
 * A stand-in for Stripe.js (what `loadStripe` resolves to) with the confirm calls as mocks:
 * React Stripe's `<Elements>` and Elements work on it, nothing reaches the network.
 */
export function createFakeStripe() {
  const mounted = new Map<string, FakeElement>();
  const elementType = (element: string | { __elementType?: string }) =>
    typeof element === 'string' ? element : (element.__elementType ?? '');
  const fake = {
    elements: vi.fn(() => ({
      create: (type: string, options: unknown) => {
        const element = new FakeElement(type, options);
        mounted.set(type, element);
        return element;
      },
      getElement: (element: string | { __elementType?: string }) =>
        mounted.get(elementType(element)) ?? null,
      update: vi.fn(),
    })),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardSetup: vi.fn(),
    confirmSepaDebitSetup: vi.fn(),
    confirmCardPayment: vi.fn(),
  };
  return {
    fake,
    stripe: fake as unknown as Stripe,
    /** The element of a type the form mounted, once it is there. */
    mounted(type: string): Promise<FakeElement> {
      return waitFor(() => {
        const element = mounted.get(type);
        if (!element?.mount.mock.calls.length) throw new Error(`no ${type} element is mounted`);
        return element;
      });
    },
    reset() {
      mounted.clear();
      for (const mock of [
        fake.confirmCardSetup,
        fake.confirmSepaDebitSetup,
        fake.confirmCardPayment,
        fake.elements,
      ]) {
        mock.mockClear();
      }
    },
  };
}
