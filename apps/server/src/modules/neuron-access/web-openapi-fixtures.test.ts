import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';

/**
 * The web's neuron page tests read the neurons' OpenAPI documents from JSON files beside them.
 * Those files are made here, from the document `/microservice/swagger/:neuron` serves, trimmed
 * to a few whole operations: a change to an operation, its parameters or its schemas fails this
 * test until `npx vitest run <this file> -u` writes them again (and the web tests see it).
 */
const test = useTestApp();

const WEB_TESTING = path.resolve(
  import.meta.dirname,
  '../../../../web/src/features/neuron-access/testing',
);

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };

/** The web's copy of each neuron's document: its file and the operations it keeps. */
const WEB_DOCUMENTS = [
  {
    neuron: 'FinancialViewer',
    file: 'financial-viewer-openapi.json',
    operations: [
      'GET /v1/financial/getbanks',
      'POST /v1/financial/addconexionfile',
      'POST /v1/financial/getaccountsbalances',
    ],
  },
  { neuron: 'LegalMind', file: 'legal-mind-openapi.json', operations: ['POST /v1/{mode}/english'] },
];

/** The document with only the named operations ("GET /path"), each exactly as served. */
function keepOperations(document: OpenApiDocument, operations: string[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const [method = '', route = ''] = operation.split(' ');
    const served = document.paths[route]?.[method.toLowerCase()];
    if (served === undefined) throw new Error(`the server's document has no ${operation}`);
    paths[route] = { ...paths[route], [method.toLowerCase()]: served };
  }
  return { ...document, paths };
}

async function servedDocument(session: string, neuron: string): Promise<OpenApiDocument> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/microservice/swagger/${neuron}`,
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OpenApiDocument>();
}

describe("the web tests' OpenAPI documents", () => {
  for (const { neuron, file, operations } of WEB_DOCUMENTS) {
    it(`${file} holds the ${neuron} operations exactly as the server serves them`, async () => {
      const { token } = await signUpConfirmed(test);
      const document = keepOperations(await servedDocument(token, neuron), operations);
      const target = path.join(WEB_TESTING, file);
      // Formatted as the repository formats it, so `prettier --check` passes on the file.
      const options = await resolveConfig(target);
      const json = JSON.stringify(document, null, 2);
      await expect(await format(json, { ...options, parser: 'json' })).toMatchFileSnapshot(target);
    });
  }
});
