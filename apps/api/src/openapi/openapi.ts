import type { INestApplication, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import {
  DocumentBuilder,
  SwaggerModule,
  type ContentObject,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { z } from 'zod';
import type { Role } from '@rxbridge/contracts';
import { ANSWER, type AnswerSpec } from '../common/answer';
import { PUBLIC, ROLES } from '../common/auth.guard';

/** What a controller method validates, read from the zod pipes on its parameters. */
export interface RouteContract {
  /** `Controller.method`: the operation id in the document. */
  operationId: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Multipart upload: the file field's name. */
  file?: string;
  public: boolean;
  roles?: Role[];
  /** What it answers, from its @Answer or @AnswerFile decorator. */
  answer?: AnswerSpec;
}

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head'] as const;

/**
 * Every controller route of the app with the zod schemas its pipes validate with (ZodPipe and
 * RecordBodyPipe keep theirs in `schema`), from Nest's own route metadata.
 */
export function routeContracts(app: INestApplication): RouteContract[] {
  const out: RouteContract[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { data?: unknown; pipes?: unknown[] }
        >;
        const contract: RouteContract = {
          operationId: `${controller.name}.${name}`,
          public: Boolean(Reflect.getMetadata(PUBLIC, handler) ?? Reflect.getMetadata(PUBLIC, controller)),
          roles: Reflect.getMetadata(ROLES, handler) ?? Reflect.getMetadata(ROLES, controller),
          answer: Reflect.getMetadata(ANSWER, handler),
        };
        for (const [key, arg] of Object.entries(args)) {
          const type = Number(key.split(':')[0]);
          const schema = arg.pipes?.map(zodSchemaOf).find(Boolean);
          if (type === RouteParamtypes.BODY && schema) contract.body = schema;
          if (type === RouteParamtypes.QUERY && schema) contract.query = schema;
          if (type === RouteParamtypes.FILE) contract.file = 'document';
        }
        out.push(contract);
      }
    }
  }
  return out;
}

function zodSchemaOf(pipe: unknown): z.ZodType | undefined {
  const schema = (pipe as { schema?: unknown } | null)?.schema;
  return schema instanceof z.ZodType ? schema : undefined;
}

/**
 * A zod schema as JSON Schema: its input side (before defaults and transforms) for what a client sends, its output
 * side for what the API answers.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): SchemaObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest as SchemaObject;
}

/** The answer envelope and the error shape every route shares (docs/product.md §10 API). */
const ENVELOPE: SchemaObject = {
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { type: 'boolean', const: true } as SchemaObject, data: {}, message: { type: 'string' } },
};
const ERROR: SchemaObject = {
  type: 'object',
  required: ['success', 'message', 'error'],
  properties: {
    success: { type: 'boolean', const: false } as SchemaObject,
    message: { type: 'string' },
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
        requestId: { type: 'string' },
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of the API: paths, path parameters and tags from @nestjs/swagger's
 * route scan; request bodies and query parameters from the same zod schemas (libs/contracts) the
 * pipes validate with, and answers from the schema of each route's @Answer, so there is no second copy
 * to drift (docs/architecture.md §5).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('RxBridge API')
    .setDescription(
      'Every answer is `{ success, data, message? }`; every failure `{ success: false, message, error }`. ' +
        'Endpoints need a bearer access token (POST /api/v1/users/login) unless marked public.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  const doc = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller}.${method}`,
  });
  doc.openapi = '3.1.0';
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Envelope: ENVELOPE, Error: ERROR } };
  const contracts = new Map(routeContracts(app).map((c) => [c.operationId, c]));
  for (const item of Object.values(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as OperationObject | undefined;
      const contract = op?.operationId ? contracts.get(routeOf(op.operationId)) : undefined;
      if (op && contract) describeOperation(op, contract);
    }
  }
  return doc;
}

function describeOperation(op: OperationObject, c: RouteContract) {
  // The scan's guesses from TypeScript types (plain objects) give way to the zod schemas.
  op.parameters = (op.parameters ?? []).filter((p) => (p as ParameterObject).in === 'path') as ParameterObject[];
  delete op.requestBody;
  if (c.query) {
    const schema = jsonSchema(c.query);
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      op.parameters.push({ name, in: 'query', required: required.has(name), schema: property as SchemaObject });
    }
  }
  if (c.file) {
    const fields = c.body ? jsonSchema(c.body) : { type: 'object' as const, properties: {} };
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            type: 'object',
            required: [...(fields.required ?? []), c.file],
            properties: {
              ...fields.properties,
              [c.file]: { type: 'string', format: 'binary', description: 'at most 10 MB' },
            },
          },
        },
      },
    };
  } else if (c.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(c.body) } } };
  }
  op.security = c.public ? [] : [{ bearer: [] }];
  if (c.roles) op.description = [op.description, `Roles: ${c.roles.join(', ')}.`].filter(Boolean).join('\n\n');
  const responses = (op.responses ??= {});
  for (const status of Object.keys(responses)) {
    if (status.startsWith('2')) responses[status] = { description: 'Done', content: answerContent(c.answer) };
  }
  responses['4XX'] = { description: 'Refused', content: { 'application/json': { schema: ERROR_REF } } };
}

/** The envelope with `data` described by the route's answer schema, or the file types it sends. */
function answerContent(answer: AnswerSpec | undefined): ContentObject {
  if (!answer) return { 'application/json': { schema: ENVELOPE_REF } };
  if ('file' in answer) {
    return Object.fromEntries(answer.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  }
  const envelope = { ...ENVELOPE, properties: { ...ENVELOPE.properties, data: jsonSchema(answer.schema, 'output') } };
  return { 'application/json': { schema: envelope } };
}

/** The route of an operation id: a method served on several paths gets `method[1]`... for each alias. */
export const routeOf = (operationId: string) => operationId.replace(/\[\d+\]$/, '');

const ENVELOPE_REF = { $ref: '#/components/schemas/Envelope' };
const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** Serves the document at /api/v1/openapi.json and Swagger UI at /api/docs. */
export function serveApiDocs(app: INestApplication): void {
  let doc: OpenAPIObject | undefined;
  // Built on first request: the routes are all registered by then, and start-up stays quick.
  SwaggerModule.setup('api/docs', app, () => (doc ??= buildOpenApiDocument(app)), {
    jsonDocumentUrl: 'api/v1/openapi.json',
    raw: ['json'],
    customSiteTitle: 'RxBridge API',
    swaggerOptions: { persistAuthorization: false },
  });
}
