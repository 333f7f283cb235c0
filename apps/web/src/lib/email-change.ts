/**
 * What the email-confirm page hands to the profile page when the link has changed the email:
 * navigation state, so a reload of the profile does not tell it again.
 */
export const EMAIL_CHANGED_STATE = { isEmailChanged: true } as const;

export function isEmailChangedState(state: unknown): state is typeof EMAIL_CHANGED_STATE {
  return (
    typeof state === 'object' &&
    state !== null &&
    'isEmailChanged' in state &&
    state.isEmailChanged === true
  );
}
