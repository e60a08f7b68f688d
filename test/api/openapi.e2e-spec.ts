import { servedRoutes } from '../support/routes';
import { z } from 'zod';
import {
  doctorAnswerSchema,
  documentUploadSchema,
  loginSchema,
  okAnswerSchema,
  programsAnswerSchema,
  transitionRequestSchema,
} from '@rxbridge/contracts';
import {
  answerProblem,
  routeContracts,
  routeOf,
  startStack,
  type RouteContract,
  type TestStack,
} from '../support/stack';

let stack: TestStack;
let doc: any;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  const res = await fetch(`${stack.baseUrl}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => stack?.close());

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};
const input = (schema: z.ZodType) => jsonSchema(schema, 'input');
const output = (schema: z.ZodType) => jsonSchema(schema, 'output');

/** Every operation of the document by route: a method served on two paths (an alias) is one operation per path. */
function operationsByRoute(): Map<string, any[]> {
  const operations = new Map<string, any[]>();
  for (const item of Object.values<any>(doc.paths)) {
    for (const op of Object.values<any>(item)) {
      operations.set(routeOf(op.operationId), [...(operations.get(routeOf(op.operationId)) ?? []), op]);
    }
  }
  return operations;
}

/** Every route served under /api/v1, in the document's path syntax. */
function servedPaths(): { method: string; path: string }[] {
  return servedRoutes(stack.api).map(({ method, path }) => ({ method, path: path.replace(/:(\w+)/g, '{$1}') }));
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every route the API serves', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = servedPaths();
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !doc.paths[r.path]?.[r.method]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it("describes each route's request with the zod schema its pipe validates with", () => {
    const operations = operationsByRoute();
    const contracts = routeContracts(stack.api);
    expect(contracts.filter((c) => c.body).length).toBeGreaterThan(20);
    for (const c of contracts) {
      const ops = operations.get(c.operationId) ?? [];
      expect({ route: c.operationId, present: ops.length > 0 }).toEqual({ route: c.operationId, present: true });
      for (const op of ops) expectDescribed(c, op);
    }
  });

  function expectDescribed(c: RouteContract, op: any) {
    if (c.body && !c.file) {
      expect(op.requestBody.content['application/json'].schema).toEqual(input(c.body));
    }
    if (c.query) {
      const properties = Object.keys((input(c.query) as { properties: object }).properties);
      expect(op.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name)).toEqual(properties);
    }
    expect(op.security).toEqual(c.public ? [] : [{ bearer: [] }]);
  }

  it("describes each route's answer with the zod schema of its @Answer, or the file types it sends", () => {
    const operations = operationsByRoute();
    const contracts = routeContracts(stack.api);
    const undescribed = contracts.filter((c) => !c.answer).map((c) => c.operationId);
    expect(undescribed).toEqual([]);
    for (const c of contracts) {
      for (const op of operations.get(c.operationId) ?? []) {
        const done = Object.entries<any>(op.responses).filter(([status]) => status.startsWith('2'));
        expect(done.length).toBeGreaterThan(0);
        for (const [, response] of done) {
          if (c.answer && 'file' in c.answer) {
            expect(Object.keys(response.content)).toEqual([...c.answer.file]);
            for (const type of c.answer.file) {
              expect(response.content[type].schema).toEqual({ type: 'string', format: 'binary' });
            }
          } else if (c.answer) {
            const envelope = response.content['application/json'].schema;
            expect({ route: c.operationId, data: envelope.properties.data }).toEqual({
              route: c.operationId,
              data: output(c.answer.schema),
            });
            expect(envelope.required).toEqual(['success', 'data']);
          }
        }
      }
    }
  });

  it('spells out a few answers as a client reads them', async () => {
    const programs = doc.paths['/api/v1/programs'].get.responses['200'].content['application/json'].schema;
    expect(programs.properties.data).toEqual(output(programsAnswerSchema));
    // A catalogue entry is one of three kinds (docs/product.md §15): each kind names its own fields.
    const items = programs.properties.data.properties.programs.items;
    const kinds: { required: string[] }[] = items.oneOf ?? items.anyOf;
    expect(kinds).toHaveLength(3);
    for (const kind of kinds) expect(kind.required).toEqual(expect.arrayContaining(['id', 'kind', 'name', 'sponsor']));
    expect(kinds.some((k) => k.required.includes('manufacturer'))).toBe(true);
    const doctor = doc.paths['/api/v1/doctors/{id}'].put.responses['200'].content['application/json'].schema;
    expect(doctor.properties.data).toEqual(output(doctorAnswerSchema));
    const remove = doc.paths['/api/v1/doctors/{id}'].delete.responses['200'].content['application/json'].schema;
    expect(remove.properties.data).toEqual(output(okAnswerSchema));
    expect(Object.keys(doc.paths['/api/v1/packets/blank'].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(Object.keys(doc.paths['/api/v1/documents/{id}/file'].get.responses['200'].content)).toContain('image/png');
    // What the API really answers matches its schema (under NODE_ENV=test every answer is checked).
    const res = await fetch(`${stack.baseUrl}/api/v1/programs`);
    expect(res.status).toBe(200);
    expect(answerProblem(programsAnswerSchema, (await res.json()).data)).toBeNull();
  });

  it('finds an answer that strays from its schema', () => {
    const doctor = {
      id: '5b0f3c52-8d7e-4a55-9a51-2f0c3a1d9e10',
      firstName: 'Ada',
      lastName: 'Lovelace',
      specialty: 'Cardiology',
      phone: null,
      doctorAddress: '1 Main St',
      npiNumber: null,
      createdAt: new Date('2026-01-02T03:04:05Z'),
    };
    expect(answerProblem(doctorAnswerSchema, { doctor })).toBeNull();
    expect(answerProblem(doctorAnswerSchema, { doctor: { ...doctor, phone: undefined } })).toContain('phone');
    expect(answerProblem(doctorAnswerSchema, { doctor: { ...doctor, passwordHash: 'x' } })).toBe(
      'fields not in the schema: data.doctor.passwordHash',
    );
  });

  it('spells out a few routes as a client reads them', () => {
    const login = doc.paths['/api/v1/users/login'].post;
    expect(login.requestBody.content['application/json'].schema).toEqual(input(loginSchema));
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(login.security).toEqual([]);
    const move = doc.paths['/api/v1/admin/applications/{id}/transitions'].post;
    expect(move.requestBody.content['application/json'].schema).toEqual(input(transitionRequestSchema));
    expect(move.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(move.description).toContain('Roles: NAVIGATOR, ADMIN.');
    const upload = doc.paths['/api/v1/documents/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.document).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    expect(upload.properties.title).toEqual((input(documentUploadSchema) as any).properties.title);
    const list = doc.paths['/api/v1/documents'].get.parameters.map((p: any) => p.name);
    expect(list).toEqual(expect.arrayContaining(['page', 'limit']));
  });

  it('serves Swagger UI at /api/docs', async () => {
    const page = await fetch(`${stack.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
  });
});
