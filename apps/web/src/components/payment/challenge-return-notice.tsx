import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isChallengeReturnState } from './challenge-return';
import { PaymentResultDialog, type PaymentResult } from './payment-result-dialog';

/** After the 3-D Secure page, the page the user came back to tells how the payment ended. */
export function ChallengeReturnNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const state: unknown = location.state;
  const result = useMemo((): PaymentResult | null => {
    if (!isChallengeReturnState(state)) return null;
    switch (state.challengeResult) {
      case 'success':
        return { kind: 'success' };
      case 'processing':
        return { kind: 'processing' };
      default:
        return { kind: 'authenticationFailed' };
    }
  }, [state]);
  return (
    <PaymentResultDialog
      result={dismissedKey === location.key ? null : result}
      onClose={() => {
        setDismissedKey(location.key);
        // Forget the result, so a reload does not show it again.
        void navigate(location.pathname, { replace: true, state: null });
      }}
    />
  );
}
