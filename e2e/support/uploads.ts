import { expect, type Page } from '@playwright/test';

/**
 * An 11 MB sensor log of 700,000 rows: over the 10 MB the app takes in a form, so the browser
 * PUTs it to its signed address instead.
 */
export function sensorLogCsv(): Buffer {
  const lines = ['reading_id,sensor,value'];
  for (let index = 0; index < 700_000; index += 1) {
    lines.push(`${String(index)},s${String(index % 50)},${String(index % 997)}.25`);
  }
  const csv = Buffer.from(`${lines.join('\n')}\n`);
  expect(csv.length).toBeGreaterThan(10 * 1024 * 1024);
  return csv;
}

/** The addresses of the multipart uploads (`POST …/instance`) the page sends to the app. */
export function watchMultipartUploads(page: Page): string[] {
  const multipart: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/instance$/.test(new URL(request.url()).pathname)) {
      multipart.push(request.url());
    }
  });
  return multipart;
}
