function normalise(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/** Whether `name` is already among `names`, ignoring case and surrounding spaces. */
export function isDuplicateName(name: string, names: readonly string[]): boolean {
  const wanted = normalise(name);
  return wanted !== '' && names.some((existing) => normalise(existing) === wanted);
}

/** An account as the user tells it apart: its name and number. */
export function accountLabel(account: { accountName: string; accountNumber: string }): string {
  return `${account.accountName} · ${account.accountNumber}`;
}
