import { SINTEZA_DATA_FORMATS, SINTEZA_SIGNED_URL_SECONDS } from '@app/contracts/nucleus';
import type { Deps } from '../../platform/deps.js';
import { signedStorageAddress, type SignedAddress } from '../../platform/storage.js';

/** Where a run's files live in storage: under its team and its id, so no key is shared. */
export function runFileKey(
  run: { teamId: string; id: string },
  file: 'upload' | 'model.json' | 'report.json' | `data.${(typeof SINTEZA_DATA_FORMATS)[number]}`,
): string {
  return `nucleus/${run.teamId}/runs/${run.id}/${file}`;
}

/** The files a job writes; an upload is the user's and is kept. */
const OUTPUT_FILES = [
  'model.json',
  'report.json',
  ...SINTEZA_DATA_FORMATS.map((format) => `data.${format}` as const),
] as const;

export async function removeRunOutputs(
  deps: Pick<Deps, 'storage'>,
  run: { teamId: string; id: string },
): Promise<void> {
  await Promise.all(OUTPUT_FILES.map((file) => deps.storage.delete(runFileKey(run, file))));
}

export async function removeRunFiles(
  deps: Pick<Deps, 'storage'>,
  run: { teamId: string; id: string },
): Promise<void> {
  await removeRunOutputs(deps, run);
  await deps.storage.delete(runFileKey(run, 'upload'));
}

/** A signed address of a run's file and its expiry, valid for Sinteza's time. */
export function signedAddress(
  deps: Pick<Deps, 'clock'>,
  make: (expiresInSeconds: number) => string | Promise<string>,
): Promise<SignedAddress> {
  return signedStorageAddress(deps, { expiresInSeconds: SINTEZA_SIGNED_URL_SECONDS, make });
}
