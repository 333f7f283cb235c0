import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { TSandboxPaymentIntent } from './get-payment-intent';
import { billingKeys } from '../../../components/payment/api/query-keys';

export type ChallengeOutcome = 'succeed' | 'fail';

/** The sandbox 3-D Secure answer: the card holder authenticates, or fails to. */
export function answerChallenge(options: {
  id: string;
  outcome: ChallengeOutcome;
}): Promise<TSandboxPaymentIntent> {
  return apiClient.post<TSandboxPaymentIntent>(
    `/sandbox/payment_intents/${encodeURIComponent(options.id)}/challenge`,
    { body: { outcome: options.outcome } },
  );
}

export function useAnswerChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerChallenge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
