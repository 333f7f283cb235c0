import { exampleFromSchema, type ApiOperation, type ApiParameter } from './openapi';

/** The operation each neuron's test page opens on: its simplest useful call. */
const FIRST_OPERATION: Record<string, string> = {
  FinancialViewer: 'GET /v1/financial/getbanks',
  LegalMind: 'POST /v1/{mode}/english',
};

/** Values that make a first call succeed, by parameter name. */
const PARAMETER_EXAMPLES: Record<string, string> = { country: 'ES', mode: 'text' };

/** A short English legal paragraph with the kinds of data LegalMind replaces. */
export const LEGAL_SAMPLE_TEXT =
  'This Agreement is made on 3 May 2021 between John Smith, of 12 High Street, Leeds, and ' +
  'Acme Holdings Ltd, represented by Mary Jones (mary.jones@acme.co.uk, +44 113 496 0000). ' +
  'Payment shall be made to IBAN GB33BUKB20201555555555.';

/** Request bodies to start from, by the operation's last path segment. */
const BODY_EXAMPLES: Record<string, unknown> = {
  english: { text: LEGAL_SAMPLE_TEXT },
};

export function firstOperation(neuron: string, operations: ApiOperation[]): ApiOperation | null {
  return (
    operations.find((operation) => operation.id === FIRST_OPERATION[neuron]) ??
    operations[0] ??
    null
  );
}

/** A parameter's starting value: the token for `token`, else an example that fits. */
export function initialParameterValue(parameter: ApiParameter, token: string): string {
  if (parameter.name.toLowerCase() === 'token') return token;
  const known = PARAMETER_EXAMPLES[parameter.name];
  if (known !== undefined) return known;
  const { schema } = parameter;
  const value = schema.example ?? schema.default ?? schema.enum?.[0];
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** The body to start from: a neuron's own example, else one built from the schema. */
export function initialBody(operation: ApiOperation): string {
  const { body } = operation;
  if (body === null || body.kind === 'multipart') return '';
  const segment = operation.path.split('/').filter(Boolean).pop() ?? '';
  const known = BODY_EXAMPLES[segment];
  if (body.kind === 'text') return typeof known === 'string' ? known : '';
  const value = known ?? (body.schema ? exampleFromSchema(body.schema) : {});
  return JSON.stringify(value, null, 2);
}
