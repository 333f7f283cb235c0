/** Saves `href` under `fileName` through a temporary link (same-origin, so `download` holds). */
export function saveFile(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a value as a pretty-printed JSON file. */
export function saveJson(value: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  saveFile(href, fileName);
  setTimeout(() => {
    URL.revokeObjectURL(href);
  }, 0);
}

/** The name a download of a run gets: the upload's name without its extension, and the format. */
export function downloadName(fileName: string, suffix: string, extension: string): string {
  const base = fileName.replace(/\.[^.]+$/, '') || 'run';
  return `${base}-${suffix}.${extension}`;
}
