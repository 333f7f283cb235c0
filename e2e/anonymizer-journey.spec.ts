import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

const JUDGMENT_DOCX = path.join(import.meta.dirname, 'fixtures', 'judgment.docx');
/** The same kind of judgment as a Word 97–2003 file, which the server converts. */
const JUDGMENT_DOC = path.join(import.meta.dirname, 'fixtures', 'judgment.doc');

/** The free LegalMind plan, taken through the API with the signed-in session. */
async function subscribeToFreeLegalMind(page: Page): Promise<void> {
  const session = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/microservice/free/LegalMind', {
    headers: { authorization: `Bearer ${session ?? ''}` },
  });
  expect(response.status()).toBe(201);
}

async function anonymizeAndClose(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Anonymize' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('The text has been anonymized.')).toBeVisible();
  await dialog.getByRole('button').first().click();
}

test('a customer anonymizes a Word judgment as text and as HTML with the LegalMind token', async ({
  page,
}) => {
  await signUpConfirmed(page, { email: uniqueEmail('lawyer'), firstName: 'Lara', lastName: 'Law' });
  await subscribeToFreeLegalMind(page);

  await page.goto('/anonymizeDocs');
  const token = page.getByLabel('Token');
  await expect(token).toHaveValue(/^nrn_/);
  const anonymize = page.getByRole('button', { name: 'Anonymize' });
  await expect(anonymize).toBeDisabled();

  await page.getByLabel('Upload Word file').setInputFiles(JUDGMENT_DOCX);
  await expect(page.getByText('Text taken from judgment.docx')).toBeVisible();
  await anonymizeAndClose(page);
  const result = page.getByTestId('anonymized-result');
  await expect(result).toContainText('[PERSON_1]');
  await expect(result).not.toContainText('Smith');
  await expect(result).not.toContainText('12345/06');

  await page.getByRole('button', { name: 'HTML' }).click();
  await anonymizeAndClose(page);
  await expect(result).toContainText('<p>');
  await expect(result).not.toContainText('Smith');

  // A Word 97–2003 file goes through the server's converter, then the same anonymizer.
  await page.getByRole('button', { name: 'TEXT' }).click();
  await page.getByLabel('Upload Word file').setInputFiles(JUDGMENT_DOC);
  await expect(page.getByText('Text taken from judgment.doc')).toBeVisible();
  await expect(page.getByLabel('Text to anonymize')).toHaveValue(/Mr John Smith/);
  await anonymizeAndClose(page);
  await expect(result).toContainText('[PERSON_1]');
  await expect(result).not.toContainText('Smith');
  await expect(result).not.toContainText('54321/09');

  // A wrong token is refused in the user's language, and nothing is signed out.
  await token.fill('nrn_not-a-real-token');
  await page.getByRole('button', { name: 'Anonymize' }).click();
  await expect(page.getByRole('dialog').getByText('Invalid or expired token')).toBeVisible();
});
