import { describe, expect, it } from 'vitest';
import legalMindDocument from '../testing/legal-mind-openapi.json';
import financialViewerDocument from '../testing/financial-viewer-openapi.json';
import { buildCodeSample } from './code-samples';
import { listOperations } from './openapi';

const [anonymize] = listOperations(legalMindDocument);
const upload = listOperations(financialViewerDocument).find((operation) =>
  operation.path.endsWith('/addconexionfile'),
);

describe('buildCodeSample', () => {
  const input = {
    operation: anonymize!,
    microserviceUrl: 'https://api.example.com/v1',
    values: { token: 'nrn_real', mode: 'text' },
    body: '{"text": "John\'s contract, token nrn_real"}',
  };

  it('writes curl with the placeholder token, quoting the body for the shell', () => {
    expect(buildCodeSample('curl', input, 'nrn_real')).toBe(
      [
        "curl -X POST 'https://api.example.com/v1/text/english?token=YOUR_TOKEN' \\",
        "  -H 'Content-Type: application/json' \\",
        `  --data '{"text": "John'\\''s contract, token YOUR_TOKEN"}'`,
      ].join('\n'),
    );
  });

  it('writes JavaScript and Python without the real token', () => {
    for (const language of ['javascript', 'python'] as const) {
      const code = buildCodeSample(language, input, 'nrn_real');
      expect(code).toContain('https://api.example.com/v1/text/english?token=YOUR_TOKEN');
      expect(code).not.toContain('nrn_real');
    }
    expect(buildCodeSample('python', input, 'nrn_real')).toContain('json=payload');
    expect(buildCodeSample('javascript', input, 'nrn_real')).toContain('JSON.stringify(');
  });

  it('sends a file for a multipart operation', () => {
    const multipart = {
      operation: upload!,
      microserviceUrl: 'http://localhost:3000/v1/financial',
      values: { conn_id: 'c-1', account_id: 'a-1' },
      body: '',
    };
    expect(buildCodeSample('curl', multipart)).toContain("-F 'document=@statement.csv'");
    expect(buildCodeSample('javascript', multipart)).toContain('form.append("document", file);');
    expect(buildCodeSample('python', multipart)).toContain('files={"document": file}');
  });
});
