import { Client } from 'pg';
import type { TestStack } from '../support/stack';
import { apiClient, type ApiAnswer } from '../support/http';
import { newSignup } from '../support/factories';

export { FILES, zip } from '../support/sample-files';

export type Api = ReturnType<typeof apiClient>;

/** A fresh patient: their access token and id. */
export async function newPatient(api: Api, overrides = {}): Promise<{ token: string; id: string; email: string }> {
  const res = await api.post('/users/signup', newSignup(overrides));
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token, id: res.body.data.user.id, email: res.body.data.user.email };
}

/** A navigator (or admin): signed up as a patient, promoted in the database, logged in again. */
export async function newStaff(api: Api, db: Client, role: 'NAVIGATOR' | 'ADMIN' = 'NAVIGATOR') {
  const signup = newSignup();
  const res = await api.post('/users/signup', signup);
  await db.query('UPDATE users SET role = $1 WHERE email = $2', [role, signup.email]);
  const login = await api.post('/users/login', { email: signup.email, password: signup.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return { token: login.body.data.token as string, id: res.body.data.user.id as string };
}

export async function connectDb(stack: TestStack): Promise<Client> {
  const db = new Client({ connectionString: stack.settings.DATABASE_URL });
  await db.connect();
  return db;
}

export interface UploadInput {
  bytes?: Buffer | string;
  name?: string;
  /** What the browser claims; the server must not believe it. */
  type?: string;
  title?: string | null;
  field?: string;
}

/** POST /documents/upload as the browser sends it: multipart with `document` and `title`. */
export async function upload(stack: TestStack, token: string, input: UploadInput = {}): Promise<ApiAnswer> {
  const form = new FormData();
  if (input.bytes !== undefined) {
    const bytes = typeof input.bytes === 'string' ? Buffer.from(input.bytes) : input.bytes;
    form.append(
      input.field ?? 'document',
      new Blob([new Uint8Array(bytes)], { type: input.type ?? 'application/octet-stream' }),
      input.name ?? 'file.bin',
    );
  }
  if (input.title !== null) form.append('title', input.title ?? 'My document');
  const res = await fetch(`${stack.apiUrl}/documents/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.9.9.9' },
    body: form,
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text), headers: res.headers };
  } catch {
    throw new Error(`upload answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
  }
}
