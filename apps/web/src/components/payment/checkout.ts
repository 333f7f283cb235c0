import type { PaymentAction } from './payment-client';
import type { PaymentResult } from './payment-result-dialog';

/** A discount applied to the order's subtotal: amount off in cents, or percent off. */
export type CheckoutDiscount = { amountOff: number | null; percentOff: number | null };

/**
 * Where one press of PROCEED TO PAYMENT ended: a result to show, or a payment awaiting the
 * card holder (3-D Secure) that the dialog completes with the active gateway.
 */
export type CheckoutStep =
  | { kind: 'result'; result: PaymentResult }
  | {
      kind: 'requiresAction';
      action: PaymentAction;
      /** The page the sandbox's challenge page comes back to (the current page by default). */
      returnTo?: string;
      /** Called when the card holder's authentication fails or the payment is refused. */
      onFailed?: () => void;
    };

/** A payment already awaiting its 3-D Secure answer with a method: authenticated, not charged again. */
export type PendingAction = {
  action: PaymentAction;
  paymentMethodId: string | null;
  returnTo?: string;
  onFailed?: () => void;
};

export function isFailure(result: PaymentResult | null): boolean {
  return result?.kind === 'failed' || result?.kind === 'authenticationFailed';
}
