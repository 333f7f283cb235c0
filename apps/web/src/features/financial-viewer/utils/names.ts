import { VALIDATION } from '@app/contracts/common';
import { z } from 'zod';

function normalise(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/** Whether `name` is already among `names`, ignoring case and surrounding spaces. */
export function isDuplicateName(name: string, names: readonly string[]): boolean {
  const wanted = normalise(name);
  return wanted !== '' && names.some((existing) => normalise(existing) === wanted);
}

/** A new name typed in a form: not empty, and none of `names` (ignoring case); else `duplicateKey`. */
export function newNameSchema(names: readonly string[], duplicateKey: string) {
  return z
    .string()
    .trim()
    .min(1, { error: VALIDATION.required })
    .refine((name) => !isDuplicateName(name, names), { error: duplicateKey });
}

/** An account as the user tells it apart: its name and number. */
export function accountLabel(account: { accountName: string; accountNumber: string }): string {
  return `${account.accountName} · ${account.accountNumber}`;
}
