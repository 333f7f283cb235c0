/** Saves `href` under `fileName` through a temporary link (same origin, so `download` holds). */
export function saveLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Offers bytes made in the page to the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveLink(url, fileName);
  // Some browsers read the URL after the click returns.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

/** Saves a value as a pretty-printed JSON file. */
export function saveJson(value: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}
