/** The parts of an OpenAPI 3 document the test and integration pages read. */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
};

export type ApiParameter = {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  description: string;
  schema: JsonSchema;
};

export type ApiResponse = { status: string; description: string; contentTypes: string[] };

export type ApiBody =
  | { kind: 'json' | 'text'; contentType: string; schema: JsonSchema | null }
  /** multipart/form-data: the file field's name. */
  | { kind: 'multipart'; contentType: string; fileField: string };

export type ApiOperation = {
  /** `METHOD path`, unique in a document. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  body: ApiBody | null;
  responses: ApiResponse[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const PARAMETER_PLACES = new Set(['query', 'path', 'header', 'cookie']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toParameter(raw: unknown): ApiParameter | null {
  if (!isRecord(raw) || typeof raw.name !== 'string') return null;
  const place = text(raw.in);
  if (!PARAMETER_PLACES.has(place)) return null;
  return {
    name: raw.name,
    in: place as ApiParameter['in'],
    required: raw.required === true || place === 'path',
    description: text(raw.description),
    schema: isRecord(raw.schema) ? raw.schema : {},
  };
}

function toBody(raw: unknown): ApiBody | null {
  const content = isRecord(raw) && isRecord(raw.content) ? raw.content : {};
  const types = Object.keys(content);
  const multipart = types.find((type) => type.startsWith('multipart/'));
  if (multipart !== undefined) {
    const media = content[multipart];
    const schema = isRecord(media) && isRecord(media.schema) ? (media.schema as JsonSchema) : {};
    const fileField =
      Object.entries(schema.properties ?? {}).find(
        ([, property]) => property.format === 'binary',
      )?.[0] ?? 'file';
    return { kind: 'multipart', contentType: multipart, fileField };
  }
  const json = types.find((type) => type.includes('json'));
  const chosen = json ?? types[0];
  if (chosen === undefined) return null;
  const media = content[chosen];
  return {
    kind: json === undefined ? 'text' : 'json',
    contentType: chosen,
    schema: isRecord(media) && isRecord(media.schema) ? media.schema : null,
  };
}

function toResponses(raw: unknown): ApiResponse[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw).map(([status, response]) => ({
    status,
    description: isRecord(response) ? text(response.description) : '',
    contentTypes:
      isRecord(response) && isRecord(response.content) ? Object.keys(response.content) : [],
  }));
}

/** Every operation of the document, in its order (path, then method). */
export function listOperations(document: unknown): ApiOperation[] {
  if (!isRecord(document) || !isRecord(document.paths)) return [];
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue;
    const shared: unknown[] = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const raw = item[method];
      if (!isRecord(raw)) continue;
      const own: unknown[] = Array.isArray(raw.parameters) ? raw.parameters : [];
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: text(raw.summary),
        description: text(raw.description),
        parameters: [...shared, ...own].map(toParameter).filter((parameter) => parameter !== null),
        body: toBody(raw.requestBody),
        responses: toResponses(raw.responses),
      });
    }
  }
  return operations;
}

/** A schema's type in words for the parameter tables: `string`, `integer`, `array of string`. */
export function describeType(schema: JsonSchema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(describeType).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `array of ${describeType(schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** A value that fits a schema, to start a request body from. */
export function exampleFromSchema(schema: JsonSchema, depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = (schema.anyOf ?? schema.oneOf)?.find((candidate) => candidate.type !== 'null');
  if (variant) return exampleFromSchema(variant, depth);
  const type = Array.isArray(schema.type)
    ? schema.type.find((candidate) => candidate !== 'null')
    : schema.type;
  if (depth > 4) return null;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(
        ([name, property]) => [name, exampleFromSchema(property, depth + 1)] as const,
      );
      return Object.fromEntries(entries);
    }
    case 'array':
      return schema.items ? [exampleFromSchema(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return schema.properties ? exampleFromSchema({ ...schema, type: 'object' }, depth) : null;
  }
}

/**
 * The full address of an operation: the API address the server gives (`microserviceUrl`, such
 * as `https://host/v1/financial`) joined with the document's path (`/v1/financial/getbanks`),
 * their shared part written once; path parameters filled in, the query string appended.
 */
export function buildOperationUrl(options: {
  microserviceUrl: string;
  path: string;
  pathValues?: Record<string, string>;
  query?: [string, string][];
}): string {
  const { microserviceUrl, path, pathValues = {}, query = [] } = options;
  const filled = path.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const value = pathValues[name];
    return value === undefined || value === '' ? match : encodeURIComponent(value);
  });
  let base: URL;
  try {
    base = new URL(microserviceUrl);
  } catch {
    base = new URL(microserviceUrl || '/', window.location.origin);
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  // The longest end of the address's path that the operation's path starts with.
  const segments = basePath.split('/');
  let prefix = basePath;
  for (let start = 0; start < segments.length; start += 1) {
    const candidate = segments.slice(start).join('/');
    const normalised = candidate.startsWith('/') ? candidate : `/${candidate}`;
    if (candidate !== '' && (filled === normalised || filled.startsWith(`${normalised}/`))) {
      prefix = segments.slice(0, start).join('/');
      break;
    }
  }
  const search = new URLSearchParams(query).toString();
  return `${base.origin}${prefix}${filled}${search === '' ? '' : `?${search}`}`;
}
