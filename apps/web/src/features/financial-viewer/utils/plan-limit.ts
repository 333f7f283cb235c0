/**
 * Spec §5: a connection can be added only while the plan's bank limit (its
 * `planOutputsLimitMonthly`, 'banks' on the plan cards) is above the connections shown.
 */
export function canAddConnection(count: number, limit: number | null): boolean {
  return limit === null || count < limit;
}
