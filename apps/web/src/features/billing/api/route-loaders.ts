import { hasRole } from '@app/contracts/roles';
import { paymentMethodsQueryOptions } from '../../../components/payment/api/get-payment-methods';
import { loadCurrentUser } from '../../../lib/auth';
import { hasToken } from '../../../lib/auth-storage';
import { queryClient } from '../../../lib/query-client';
import { availablePlansQueryOptions } from './get-available-plans';
import { currentPlanQueryOptions } from './get-current-plan';
import { neuronQueryOptions } from './get-neuron';
import { subscriptionsQueryOptions } from './get-subscriptions';

/**
 * Cached data is used as it is (the page's hooks refresh it as before); a failure is not
 * tried again here but left to the page, which fetches it again and shows it with its retry.
 */
const ONCE = { staleTime: 'static', retry: false } as const;

/**
 * A billing page's route loader fetches its data into the cache its hooks read, so the page
 * renders in the router's transition, which React splits into short tasks, instead of in one
 * long synchronous render when each query answers. Only for a payer: a guest's billing call
 * would be refused with a 403, which signs out (the page sends the guest away).
 */
async function fetchForPayer(fetchAll: () => Promise<unknown>[]): Promise<null> {
  if (!hasToken()) return null;
  const user = await loadCurrentUser();
  if (user !== undefined && !hasRole(user.roles, 'GUEST')) await Promise.allSettled(fetchAll());
  return null;
}

/** Loader of a neuron's plans page: the neuron, its plans and the team's current plan. */
export function loadPlans(neuron: string): Promise<null> {
  return fetchForPayer(() => [
    queryClient.query({ ...neuronQueryOptions(neuron), ...ONCE }),
    queryClient.query({ ...availablePlansQueryOptions(neuron), ...ONCE }),
    queryClient.query({ ...currentPlanQueryOptions(neuron), ...ONCE }),
  ]);
}

/** Loader of the subscriptions page: the team's subscriptions and payment methods. */
export function loadSubscriptions(): Promise<null> {
  return fetchForPayer(() => [
    queryClient.query({ ...subscriptionsQueryOptions(), ...ONCE }),
    queryClient.query({ ...paymentMethodsQueryOptions(), ...ONCE }),
  ]);
}
