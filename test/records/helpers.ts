import { Client } from 'pg';
import type { TestStack } from '../support/stack';
import { apiClient, type ApiAnswer } from '../support/http';
import { newSignup } from '../support/factories';

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

/** Small but real files of each accepted type, and some that only pretend. */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c626001000000ffff03000006000557bfabd40000000049454e44ae426082',
    'hex',
  ),
  jpeg: Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.alloc(32),
    Buffer.from('ffd9', 'hex'),
  ]),
  gif: Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'),
  doc: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]),
  docx: zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
  xlsx: zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }),
  text: Buffer.from('Insurance card front: member 123\r\n\tgroup 456 — café\n'),
  exe: Buffer.concat([Buffer.from('MZ', 'ascii'), Buffer.alloc(200, 0x90)]),
  html: Buffer.from('<html><script>alert(1)</script></html>\u0000'),
};

/** A minimal stored (uncompressed) ZIP with the given entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBuf = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
