/** The name a download of a run gets: the upload's name without its extension, and the format. */
export function downloadName(fileName: string, suffix: string, extension: string): string {
  const base = fileName.replace(/\.[^.]+$/, '') || 'run';
  return `${base}-${suffix}.${extension}`;
}
