import { describe, expect, it } from 'vitest';
import financialViewerDocument from '../testing/financial-viewer-openapi.json';
import legalMindDocument from '../testing/legal-mind-openapi.json';
import { buildOperationUrl, describeType, exampleFromSchema, listOperations } from './openapi';

describe('listOperations', () => {
  it('reads the operations, their parameters, bodies and answers', () => {
    const [operation] = listOperations(legalMindDocument);
    expect(operation).toMatchObject({
      id: 'POST /v1/{mode}/english',
      method: 'POST',
      summary: 'Anonymise English legal text (mode text) or HTML (mode html)',
      body: { kind: 'json', contentType: 'application/json' },
    });
    expect(operation?.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['query', 'token', false],
      ['path', 'mode', true],
    ]);
    expect(operation?.responses.map((r) => r.status)).toEqual([
      '200',
      '400',
      '401',
      '413',
      '422',
      '429',
    ]);
  });

  it('reads the upload the document describes: addconexionfile takes "document"', () => {
    const upload = listOperations(financialViewerDocument).find((operation) =>
      operation.path.endsWith('/addconexionfile'),
    );
    expect(upload?.body).toEqual({
      kind: 'multipart',
      contentType: 'multipart/form-data',
      fileField: 'document',
    });
  });

  it('takes a described multipart body with its binary field', () => {
    const [operation] = listOperations({
      paths: {
        '/v1/x/upload': {
          post: {
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: { file: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
            responses: {},
          },
        },
      },
    });
    expect(operation?.body).toMatchObject({ kind: 'multipart', fileField: 'file' });
  });

  it('gives nothing for a document that is not one', () => {
    expect(listOperations(null)).toEqual([]);
    expect(listOperations({ paths: 'x' })).toEqual([]);
  });
});

describe('buildOperationUrl', () => {
  it('joins the API address and the path once, with path and query values', () => {
    expect(
      buildOperationUrl({
        microserviceUrl: 'https://api.example.com/v1',
        path: '/v1/{mode}/english',
        pathValues: { mode: 'text' },
        query: [['token', 'a b&c']],
      }),
    ).toBe('https://api.example.com/v1/text/english?token=a+b%26c');
    expect(
      buildOperationUrl({
        microserviceUrl: 'https://host/app/v1/financial/',
        path: '/v1/financial/getbanks',
      }),
    ).toBe('https://host/app/v1/financial/getbanks');
  });
});

describe('schemas', () => {
  it('describes types and builds an example value', () => {
    expect(describeType({ type: 'array', items: { type: 'string', format: 'uuid' } })).toBe(
      'array of string (uuid)',
    );
    expect(
      exampleFromSchema({
        type: 'object',
        properties: {
          ids: { type: 'array', items: { type: 'string' } },
          amount: { type: 'integer' },
          kind: { type: 'string', enum: ['ACCOUNT', 'CARD'] },
        },
      }),
    ).toEqual({ ids: [''], amount: 0, kind: 'ACCOUNT' });
  });
});
