import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildDocx } from '../../../test/build-docx';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { AnonymizeDocsPage } from './anonymize-docs-page';

const OLE_BYTES = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);

const TEXT_URL = 'POST /v1/text/english';
const HTML_URL = 'POST /v1/html/english';

function renderPage() {
  return renderRoute({ path: '/anonymizeDocs', element: <AnonymizeDocsPage /> });
}

const tokenField = () => screen.getByRole('textbox', { name: 'Token' });
const textField = () => screen.getByRole('textbox', { name: 'Text to anonymize' });
const anonymizeButton = () => screen.getByRole('button', { name: 'Anonymize' });

describe('AnonymizeDocsPage', () => {
  it('enables Anonymize only with a token and a non-empty text', async () => {
    stubFetch();
    const { user } = renderPage();
    expect(anonymizeButton()).toBeDisabled();

    await user.type(tokenField(), 'tok_123');
    expect(anonymizeButton()).toBeDisabled();
    await user.type(textField(), '   ');
    expect(anonymizeButton()).toBeDisabled();
    await user.type(textField(), 'John Smith');
    expect(anonymizeButton()).toBeEnabled();

    await user.clear(tokenField());
    expect(anonymizeButton()).toBeDisabled();
  });

  it('sends the text with the token in the query, in TEXT mode by default', async () => {
    const spy = stubFetch({ [TEXT_URL]: { text: '[PERSON_1] sued [ORG_1].' } });
    const { user } = renderPage();
    await user.type(tokenField(), 'tok +/&1');
    await user.type(textField(), 'John Smith sued Acme.');
    await user.click(anonymizeButton());

    await screen.findByRole('dialog');
    const [call] = recordedCalls(spy);
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/text/english');
    expect(call?.query.get('token')).toBe('tok +/&1');
    expect(call?.json).toEqual({ text: 'John Smith sued Acme.' });
    expect(call?.headers.get('Content-Type')).toBe('application/json');
  });

  it('calls the HTML endpoint in HTML mode', async () => {
    const spy = stubFetch({ [HTML_URL]: { text: '<p>[PERSON_1]</p>' } });
    const { user } = renderPage();
    await user.type(tokenField(), 'tok_123');
    await user.click(screen.getByRole('button', { name: 'HTML' }));
    expect(screen.getByRole('button', { name: 'HTML' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(textField(), '<p>John Smith</p>');
    await user.click(anonymizeButton());

    await screen.findByRole('dialog');
    const [call] = recordedCalls(spy);
    expect(call?.path).toBe('/v1/html/english');
    expect(call?.json).toEqual({ text: '<p>John Smith</p>' });
  });

  it('submits from the keyboard, with Enter in the token field', async () => {
    const spy = stubFetch({ [TEXT_URL]: { text: '[PERSON_1]' } });
    const { user } = renderPage();
    await user.type(textField(), 'John Smith');
    await user.type(tokenField(), 'tok_123{Enter}');
    await screen.findByRole('dialog');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('shows the result, marks the replacements and copies it', async () => {
    stubFetch({ [TEXT_URL]: { text: '[PERSON_1] sued [ORG_1].' } });
    const { user } = renderPage();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();

    await user.type(tokenField(), 'tok_123');
    await user.type(textField(), 'John Smith sued Acme.');
    await user.click(anonymizeButton());

    const dialog = await screen.findByRole('dialog', { name: 'Info' });
    expect(dialog).toHaveTextContent('The text has been anonymized.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitForElementToBeRemoved(dialog);

    const result = screen.getByTestId('anonymized-result');
    expect(result).toHaveTextContent('[PERSON_1] sued [ORG_1].');
    const marks = result.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['[PERSON_1]', '[ORG_1]']);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('[PERSON_1] sued [ORG_1].');
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
  });

  it.each([
    { status: 401, mode: 'TEXT', body: errorBody('UNAUTHORIZED', 'Invalid or expired token') },
    { status: 429, mode: 'TEXT', body: errorBody('LIMIT_EXCEEDED', 'Monthly call limit reached') },
    {
      status: 400,
      mode: 'TEXT',
      body: errorBody('VALIDATION', 'The text is not in plain format'),
    },
    { status: 400, mode: 'HTML', body: errorBody('VALIDATION', 'The text is not in HTML format') },
    { status: 413, mode: 'TEXT', body: errorBody('PAYLOAD_TOO_LARGE', 'Body too large') },
    { status: 422, mode: 'TEXT', body: errorBody('PLAN_EXCEEDED', 'Up to 100,000 characters') },
  ])('tells the $status error in $mode mode', async ({ status, mode, body }) => {
    stubFetch({ [TEXT_URL]: { status, body }, [HTML_URL]: { status, body } });
    const { user } = renderPage();
    await user.type(tokenField(), 'tok_123');
    if (mode === 'HTML') await user.click(screen.getByRole('button', { name: 'HTML' }));
    await user.type(textField(), 'some text');
    await user.click(anonymizeButton());

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    const expected: Record<string, string> = {
      '401 TEXT': 'Invalid or expired token',
      '429 TEXT':
        'You have used all the calls your plan allows this month. Change to a higher plan or wait until next month.',
      '400 TEXT': 'The text is not in plain format',
      '400 HTML': 'The text is not in HTML format',
      '413 TEXT':
        'The text is too long: the limit is 1,000,000 characters. Split it and anonymize each part.',
      '422 TEXT':
        'The text is longer than your plan allows for one document. Change to a higher plan, or split the text and anonymize each part.',
    };
    expect(dialog).toHaveTextContent(expected[`${status} ${mode}`]!);
    expect(screen.getByTestId('anonymized-result')).toHaveTextContent(
      'The anonymized text will appear here',
    );
  });

  it('refuses a text over the limit without a call, which would be metered', async () => {
    const spy = stubFetch();
    const { user } = renderPage();
    await user.type(tokenField(), 'tok_123');
    await user.click(textField());
    await user.paste('x'.repeat(1_000_001));
    await user.click(anonymizeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('the limit is 1,000,000 characters');
    expect(spy).not.toHaveBeenCalled();
  });

  it('tells the errors in Spanish', async () => {
    await i18n.changeLanguage('es');
    stubFetch({ [TEXT_URL]: { status: 401, body: errorBody('UNAUTHORIZED') } });
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Token' }), 'tok_123');
    await user.type(screen.getByRole('textbox', { name: 'Texto que anonimizar' }), 'texto');
    await user.click(screen.getByRole('button', { name: 'Anonimizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Token no válido o caducado');
  });

  it('prefills the token of a signed-in user and keeps the session on a 401', async () => {
    localStorage.setItem('token', 'session-token');
    const spy = stubFetch({
      'GET /api/microservice/token/LegalMind': {
        body: { token: 'lm_token', microserviceUrl: 'https://api.example/v1' },
      },
      [TEXT_URL]: { status: 401, body: errorBody('UNAUTHORIZED', 'Invalid or expired token') },
    });
    const { user } = renderPage();
    expect(await screen.findByDisplayValue('lm_token')).toBe(tokenField());

    await user.type(textField(), 'John Smith');
    await user.click(anonymizeButton());
    await screen.findByRole('dialog', { name: 'Error' });

    const call = recordedCalls(spy).find(({ path }) => path === '/v1/text/english');
    expect(call?.query.get('token')).toBe('lm_token');
    // The session's bearer token never travels to the neuron API, and its 401 signs no one out.
    expect(call?.headers.has('Authorization')).toBe(false);
    expect(localStorage.getItem('token')).toBe('session-token');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('leaves the token empty, silently, when it cannot be fetched', async () => {
    localStorage.setItem('token', 'session-token');
    const spy = stubFetch({
      'GET /api/microservice/token/LegalMind': { status: 401, body: errorBody('UNAUTHORIZED') },
    });
    renderPage();
    await waitFor(() => {
      expect(spy).toHaveBeenCalled();
    });
    expect(tokenField()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('session-token');
  });

  it('refuses a file that is not a Word file', async () => {
    stubFetch();
    renderPage();
    // The picker's filter is only a hint: "All files" lets anything through.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Upload Word file'),
      new File(['%PDF-1.7'], 'judgment.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Only Word files are supported');
    expect(textField()).toHaveValue('');
  });

  it('has a Word 97–2003 .doc file converted by the server', async () => {
    const spy = stubFetch({
      'POST /api/legal-mind/word-file': {
        body: { text: 'Mr John Smith\nLeeds', html: '<p>Mr John Smith</p>\n<p>Leeds</p>' },
      },
    });
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('Upload Word file'), new File([OLE_BYTES], 'old.doc'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your LegalMind token first');

    await user.type(tokenField(), 'tok_123');
    await user.upload(screen.getByLabelText('Upload Word file'), new File([OLE_BYTES], 'old.doc'));
    expect(await screen.findByText('Text taken from old.doc')).toBeInTheDocument();
    expect(textField()).toHaveValue('Mr John Smith\nLeeds');
    const [call] = recordedCalls(spy);
    expect(call?.path).toBe('/api/legal-mind/word-file');
    expect(call?.query.get('token')).toBe('tok_123');
    await user.click(screen.getByRole('button', { name: 'HTML' }));
    expect(textField()).toHaveValue('<p>Mr John Smith</p>\n<p>Leeds</p>');
  });

  it('says so when the server finds the .doc file damaged, too large or too long for the plan', async () => {
    stubFetch({
      'POST /api/legal-mind/word-file': {
        status: 400,
        body: errorBody('VALIDATION', 'unreadable', { file: 'validation.wordFile.unreadable' }),
      },
    });
    const { user } = renderPage();
    await user.type(tokenField(), 'tok_123');
    await user.upload(screen.getByLabelText('Upload Word file'), new File([OLE_BYTES], 'old.doc'));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be read');

    stubFetch({
      'POST /api/legal-mind/word-file': { status: 413, body: errorBody('PAYLOAD_TOO_LARGE') },
    });
    await user.upload(screen.getByLabelText('Upload Word file'), new File([OLE_BYTES], 'big.doc'));
    expect(await screen.findByRole('alert')).toHaveTextContent('the limit is 10 MB');
    expect(textField()).toHaveValue('');

    stubFetch({
      'POST /api/legal-mind/word-file': { status: 422, body: errorBody('PLAN_EXCEEDED') },
    });
    await user.upload(screen.getByLabelText('Upload Word file'), new File([OLE_BYTES], 'long.doc'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'longer than your plan allows for one document',
    );
    expect(textField()).toHaveValue('');
  });

  it('converts a .docx in the browser, in the form the mode needs', async () => {
    const spy = stubFetch({ [TEXT_URL]: { text: '[PERSON_1] v. [ORG_1]' } });
    const { user } = renderPage();
    await user.type(tokenField(), 'tok_123');
    await user.upload(
      screen.getByLabelText('Upload Word file'),
      buildDocx('judgment.docx', ['John Smith v. Acme Ltd', 'Madrid, 3 May 2021']),
    );

    expect(await screen.findByText('Text taken from judgment.docx')).toBeInTheDocument();
    expect(textField()).toHaveValue('John Smith v. Acme Ltd\n\nMadrid, 3 May 2021');

    await user.click(screen.getByRole('button', { name: 'HTML' }));
    expect(textField()).toHaveValue('<p>John Smith v. Acme Ltd</p><p>Madrid, 3 May 2021</p>');
    await user.click(screen.getByRole('button', { name: 'TEXT' }));
    expect(textField()).toHaveValue('John Smith v. Acme Ltd\n\nMadrid, 3 May 2021');

    await user.click(anonymizeButton());
    await screen.findByRole('dialog');
    expect(recordedCalls(spy)[0]?.json).toEqual({
      text: 'John Smith v. Acme Ltd\n\nMadrid, 3 May 2021',
    });
  });

  it('shows the progress while a Word file is read', async () => {
    stubFetch();
    const { user } = renderPage();
    await user.upload(
      screen.getByLabelText('Upload Word file'),
      buildDocx('judgment.docx', ['John Smith']),
    );
    // Reading is asynchronous: the progress shows first, then the text.
    expect(screen.getByRole('progressbar', { name: 'Reading judgment.docx…' })).toBeVisible();
    expect(anonymizeButton()).toBeDisabled();
    expect(await screen.findByText('Text taken from judgment.docx')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
