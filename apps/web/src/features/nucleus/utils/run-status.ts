import type { TRunStatus } from '@app/contracts/nucleus';

/** A run a job waits for or works on: it can be cancelled and its page keeps polling. */
export function isActiveStatus(status: TRunStatus): boolean {
  return status === 'QUEUED' || status === 'RUNNING';
}

/** DONE, FAILED and CANCELLED do not change any more. */
export function isFinalStatus(status: TRunStatus): boolean {
  return status === 'DONE' || status === 'FAILED' || status === 'CANCELLED';
}

export const STATUS_COLORS: Record<
  TRunStatus,
  'default' | 'info' | 'primary' | 'success' | 'error' | 'warning'
> = {
  DRAFT: 'default',
  QUEUED: 'info',
  RUNNING: 'primary',
  DONE: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};
