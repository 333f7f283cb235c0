import { buildOperationUrl, type ApiOperation } from './openapi';

/** What the examples show instead of the team's token: a real token never goes into them. */
export const TOKEN_PLACEHOLDER = 'YOUR_TOKEN';

export const CODE_LANGUAGES = ['curl', 'javascript', 'python'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export type SampleInput = {
  operation: ApiOperation;
  microserviceUrl: string;
  /** Parameter values by name (the token's is replaced by the placeholder). */
  values: Record<string, string>;
  /** The request body as sent (JSON or text); ignored for multipart. */
  body: string;
};

function isTokenParameter(name: string): boolean {
  return name.toLowerCase() === 'token';
}

/** The operation's address with the example's values, the token as the placeholder. */
export function sampleUrl({ operation, microserviceUrl, values }: SampleInput): string {
  const pathValues: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const parameter of operation.parameters) {
    const value = isTokenParameter(parameter.name)
      ? TOKEN_PLACEHOLDER
      : (values[parameter.name] ?? '');
    if (parameter.in === 'path') pathValues[parameter.name] = value;
    else if (parameter.in === 'query' && (value !== '' || parameter.required)) {
      query.push([parameter.name, value]);
    }
  }
  return buildOperationUrl({ microserviceUrl, path: operation.path, pathValues, query });
}

function headerParameters(input: SampleInput): [string, string][] {
  return input.operation.parameters
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => [
      parameter.name,
      isTokenParameter(parameter.name) ? TOKEN_PLACEHOLDER : (input.values[parameter.name] ?? ''),
    ]);
}

/** Single quotes for a POSIX shell: 'it'\''s'. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The body without the team's token, should someone have pasted it there. */
function safeBody(input: SampleInput, token: string | undefined): string {
  if (token === undefined || token === '') return input.body;
  return input.body.split(token).join(TOKEN_PLACEHOLDER);
}

function curlSample(input: SampleInput, body: string): string {
  const { operation } = input;
  const lines = [`curl -X ${operation.method} ${shellQuote(sampleUrl(input))}`];
  for (const [name, value] of headerParameters(input)) {
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (operation.body?.kind === 'multipart') {
    lines.push(`  -F ${shellQuote(`${operation.body.fileField}=@statement.csv`)}`);
  } else if (operation.body) {
    lines.push(`  -H ${shellQuote(`Content-Type: ${operation.body.contentType}`)}`);
    lines.push(`  --data ${shellQuote(body)}`);
  }
  return lines.join(' \\\n');
}

function javascriptSample(input: SampleInput, body: string): string {
  const { operation } = input;
  const headers: Record<string, string> = Object.fromEntries(headerParameters(input));
  const lines = [`const response = await fetch(${JSON.stringify(sampleUrl(input))}, {`];
  lines.push(`  method: ${JSON.stringify(operation.method)},`);
  let prelude = '';
  if (operation.body?.kind === 'multipart') {
    prelude = [
      '// `file` is a File, such as one chosen in an <input type="file">.',
      'const form = new FormData();',
      `form.append(${JSON.stringify(operation.body.fileField)}, file);`,
      '',
    ].join('\n');
    lines.push('  body: form,');
  } else if (operation.body) {
    headers['Content-Type'] = operation.body.contentType;
    let bodyCode = JSON.stringify(body);
    if (operation.body.kind === 'json') {
      try {
        bodyCode = `JSON.stringify(${JSON.stringify(JSON.parse(body), null, 2).replace(/\n/g, '\n  ')})`;
      } catch {
        // Not valid JSON yet: sent as the text it is.
      }
    }
    lines.push(`  body: ${bodyCode},`);
  }
  if (Object.keys(headers).length > 0) {
    lines.splice(2, 0, `  headers: ${JSON.stringify(headers)},`);
  }
  lines.push('});');
  lines.push(
    "const answer = response.headers.get('content-type')?.includes('json')",
    '  ? await response.json()',
    '  : await response.text();',
    'console.log(response.status, answer);',
  );
  return prelude + lines.join('\n');
}

function pythonString(value: string): string {
  return JSON.stringify(value);
}

function pythonSample(input: SampleInput, body: string): string {
  const { operation } = input;
  const headers: Record<string, string> = Object.fromEntries(headerParameters(input));
  const lines = ['import requests', ''];
  const args = [pythonString(sampleUrl(input))];
  if (operation.body?.kind === 'multipart') {
    lines.push(`with open("statement.csv", "rb") as file:`);
    lines.push(
      `    response = requests.${operation.method.toLowerCase()}(${args.join(', ')}, files={${pythonString(operation.body.fileField)}: file}${Object.keys(headers).length > 0 ? `, headers=${JSON.stringify(headers)}` : ''})`,
    );
  } else {
    if (operation.body?.kind === 'json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      if (parsed === undefined) {
        headers['Content-Type'] = operation.body.contentType;
        args.push(`data=${pythonString(body)}`);
      } else {
        lines.push(`payload = ${toPython(parsed, '')}`);
        args.push('json=payload');
      }
    } else if (operation.body) {
      headers['Content-Type'] = operation.body.contentType;
      args.push(`data=${pythonString(body)}`);
    }
    if (Object.keys(headers).length > 0) args.push(`headers=${JSON.stringify(headers)}`);
    lines.push(`response = requests.${operation.method.toLowerCase()}(${args.join(', ')})`);
  }
  lines.push('print(response.status_code, response.text)');
  return lines.join('\n');
}

/** A JSON value as a Python literal (True/False/None), indented. */
function toPython(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return pythonString(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${toPython(item, inner)}`).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries
    .map(([key, item]) => `${inner}${pythonString(key)}: ${toPython(item, inner)}`)
    .join(',\n')},\n${indent}}`;
}

/**
 * A ready-to-run example of the call in a language. The token is always the placeholder:
 * `token`, when given, is also taken out of the body should it appear there.
 */
export function buildCodeSample(
  language: CodeLanguage,
  input: SampleInput,
  token?: string,
): string {
  const body = safeBody(input, token);
  switch (language) {
    case 'curl':
      return curlSample(input, body);
    case 'javascript':
      return javascriptSample(input, body);
    case 'python':
      return pythonSample(input, body);
  }
}
