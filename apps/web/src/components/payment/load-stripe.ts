import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { StripeLocale } from './payment-client';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key and locale, loaded once. Importing this module is what adds
 * Stripe's script to the page: only the Stripe gateway's lazy chunks import it.
 */
export function getStripe(options: {
  publishableKey: string;
  locale: StripeLocale;
}): Promise<Stripe | null> {
  const key = `${options.publishableKey}:${options.locale}`;
  let stripe = loaded.get(key);
  if (stripe === undefined) {
    stripe = loadStripe(options.publishableKey, { locale: options.locale });
    loaded.set(key, stripe);
  }
  return stripe;
}

/** Stripe.js, or an error when its script could not be loaded (offline, blocked). */
export async function requireStripe(options: {
  publishableKey: string;
  locale: StripeLocale;
}): Promise<Stripe> {
  const stripe = await getStripe(options);
  if (stripe === null) throw new Error('Stripe.js is not available.');
  return stripe;
}
