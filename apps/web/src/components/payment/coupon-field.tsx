import './i18n/register';
import { COUPON_MAX_LENGTH, type TPromotionCodeResponse } from '@app/contracts/billing';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { useValidatePromotionCode } from './api/validate-promotion-code';
import { formatEuroCents } from '../../lib/format';
import { getErrorMessage } from '../../lib/error-message';

type CouponFieldProps = {
  priceId: string;
  coupon: TPromotionCodeResponse | null;
  onChange: (coupon: TPromotionCodeResponse | null) => void;
};

/** Spec section 4: checking, valid (locked, with Delete) or "Invalid code". */
export function CouponField({ priceId, coupon, onChange }: CouponFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const validate = useValidatePromotionCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const isLocked = coupon !== null;

  const onApply = () => {
    setError(null);
    validate.mutate(
      { code: code.trim(), priceId },
      {
        onSuccess: onChange,
        onError: (failure) => {
          setError(
            failure instanceof ApiError && failure.status === 404
              ? t('payment.coupon.invalid')
              : getErrorMessage(t, failure),
          );
        },
      },
    );
  };

  const applied =
    coupon === null
      ? null
      : coupon.coupon.amountOff !== null
        ? formatEuroCents(coupon.coupon.amountOff)
        : `${String(coupon.coupon.percentOff ?? 0)} %`;

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <FormControl size="small" fullWidth error={error !== null} disabled={isLocked}>
        <InputLabel htmlFor={inputId}>{t('payment.coupon.label')}</InputLabel>
        <OutlinedInput
          id={inputId}
          label={t('payment.coupon.label')}
          value={isLocked ? coupon.code : code}
          inputProps={{ maxLength: COUPON_MAX_LENGTH }}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (code.trim() !== '') onApply();
            }
          }}
        />
        {error !== null ? <FormHelperText>{error}</FormHelperText> : null}
        {applied !== null ? (
          <FormHelperText sx={{ color: 'success.main' }}>
            {t('payment.coupon.applied', { discount: applied })}
          </FormHelperText>
        ) : null}
      </FormControl>
      {isLocked ? (
        <Button
          color="error"
          onClick={() => {
            setCode('');
            onChange(null);
          }}
        >
          {t('payment.coupon.delete')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          disabled={code.trim() === '' || validate.isPending}
          loading={validate.isPending}
          onClick={onApply}
        >
          {t('payment.coupon.apply')}
        </Button>
      )}
    </Box>
  );
}
