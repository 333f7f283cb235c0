import type { TAdminProduct, TAdminPromotionCode } from '@app/contracts/admin';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '../../../lib/format';
import { getProductPriceOptions } from '../utils/price-label';

function getDiscountText(t: TFunction, code: TAdminPromotionCode): string {
  if (code.percentOff !== null) {
    return t('admin.promotionCodes.percentOff', {
      percent: code.percentOff.toLocaleString('es-ES'),
    });
  }
  return t('admin.promotionCodes.amountOff', { amount: formatEuroCents(code.amountOff ?? 0) });
}

type PromotionCodesTableProps = { codes: TAdminPromotionCode[]; products: TAdminProduct[] };

/** The promotion codes: discount, the prices they apply to, expiry and redemptions. */
export function PromotionCodesTable({ codes, products }: PromotionCodesTableProps) {
  const { t } = useTranslation();
  const priceLabels = new Map(
    getProductPriceOptions(t, products).map((option) => [option.value, option.label]),
  );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('admin.promotionCodes.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.promotionCodes.columns.code')}</TableCell>
            <TableCell>{t('admin.promotionCodes.columns.discount')}</TableCell>
            <TableCell>{t('admin.promotionCodes.columns.prices')}</TableCell>
            <TableCell>{t('admin.promotionCodes.columns.duration')}</TableCell>
            <TableCell>{t('admin.promotionCodes.columns.expiresAt')}</TableCell>
            <TableCell>{t('admin.promotionCodes.columns.redemptions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {codes.map((code) => (
            <TableRow key={code.id}>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {code.code}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{getDiscountText(t, code)}</TableCell>
              <TableCell>
                {code.priceIds === null
                  ? t('admin.promotionCodes.allPrices')
                  : code.priceIds.map((id) => <div key={id}>{priceLabels.get(id) ?? id}</div>)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {code.durationMonths === null
                  ? t('admin.promotionCodes.forever')
                  : t('admin.promotionCodes.months', { count: code.durationMonths })}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {code.expiresAt === null
                  ? t('admin.promotionCodes.never')
                  : formatDate(code.expiresAt)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {code.maxRedemptions === null
                  ? t('admin.promotionCodes.redemptionsUnlimited', { used: code.timesRedeemed })
                  : t('admin.promotionCodes.redemptionsOf', {
                      used: code.timesRedeemed,
                      max: code.maxRedemptions,
                    })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
