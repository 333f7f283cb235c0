import { SINTEZA_FILE_EXTENSIONS, SINTEZA_FILE_MAX_BYTES } from '@app/contracts/nucleus';

/** What the file picker accepts: CSV, Excel and Parquet. */
export const ACCEPTED_FILE_TYPES = SINTEZA_FILE_EXTENSIONS.join(',');

export type FileProblem = 'fileType' | 'fileTooLarge' | 'fileEmpty';

/** Why a chosen file cannot be uploaded, checked before a byte leaves (the server checks too). */
export function checkFile(file: { name: string; size: number }): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!SINTEZA_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'fileType';
  if (file.size > SINTEZA_FILE_MAX_BYTES) return 'fileTooLarge';
  if (file.size === 0) return 'fileEmpty';
  return null;
}

/** 52428800 → "50 MB"; 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${String(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
  if (bytes >= 1024) return `${String(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${String(bytes)} B`;
}
