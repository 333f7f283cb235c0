import { describe, expect, it } from 'vitest';
import { buildSubscription } from '../test/fixtures';
import { getStatusTagColor } from './subscription-status';

describe('getStatusTagColor', () => {
  it('colours the tag by status', () => {
    expect(getStatusTagColor(buildSubscription())).toBe('success');
    expect(getStatusTagColor(buildSubscription({ cancelAtPeriodEnd: true }))).toBe('warning');
    expect(getStatusTagColor(buildSubscription({ status: 'PENDING' }))).toBe('info');
    expect(getStatusTagColor(buildSubscription({ status: 'PROCESSING' }))).toBe('info');
    expect(getStatusTagColor(buildSubscription({ status: 'INCOMPLETE' }))).toBe('error');
    expect(getStatusTagColor(buildSubscription({ status: 'CANCELED' }))).toBe('error');
    expect(getStatusTagColor(buildSubscription({ status: 'INCOMPLETE_EXPIRED' }))).toBe('error');
  });
});
