import './i18n/register';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../message-dialog';
import { formatDate } from '../../lib/format';

/** Spec section 9: a result dialog moves on after 3000 ms. */
export const RESULT_DIALOG_MS = 3000;

export type PaymentResult =
  | { kind: 'success' }
  | { kind: 'processing' }
  | { kind: 'failed' }
  | { kind: 'authenticationFailed' }
  | { kind: 'planChanged'; startsAt: string | null }
  | { kind: 'error'; message: string };

type PaymentResultDialogProps = {
  result: PaymentResult | null;
  onClose: () => void;
};

/** The payment result: success, processing or error, in the spec's words. */
export function PaymentResultDialog({ result, onClose }: PaymentResultDialogProps) {
  const { t } = useTranslation();
  const isTransient =
    result?.kind === 'success' || result?.kind === 'processing' || result?.kind === 'planChanged';

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!isTransient) return undefined;
    const timer = window.setTimeout(() => {
      onCloseRef.current();
    }, RESULT_DIALOG_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [isTransient, result]);

  if (result === null) return null;
  const { title, message } = describe();
  return <MessageDialog isOpen title={title} message={message} onClose={onClose} />;

  function describe(): { title: string; message: string } {
    switch (result?.kind) {
      case 'success':
        return { title: t('payment.result.successTitle'), message: t('payment.result.success') };
      case 'processing':
        return {
          title: t('payment.result.processingTitle'),
          message: t('payment.result.processing'),
        };
      case 'planChanged':
        return {
          title: t('payment.result.successTitle'),
          message:
            result.startsAt === null
              ? t('payment.result.planChanged')
              : t('payment.result.planChangeScheduled', { date: formatDate(result.startsAt) }),
        };
      case 'authenticationFailed':
        return {
          title: t('payment.result.errorTitle'),
          message: t('payment.result.authenticationFailed'),
        };
      case 'error':
        return { title: t('payment.result.errorTitle'), message: result.message };
      default:
        return { title: t('payment.result.errorTitle'), message: t('payment.result.failed') };
    }
  }
}
