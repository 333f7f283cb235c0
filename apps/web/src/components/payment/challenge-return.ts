/** Where the 3-D Secure page sends the user back, in the navigation state. */
export type ChallengeReturnState = { challengeResult: 'success' | 'processing' | 'failed' };

export function isChallengeReturnState(value: unknown): value is ChallengeReturnState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'challengeResult' in value &&
    typeof value.challengeResult === 'string'
  );
}
