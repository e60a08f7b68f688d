import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for one request with the signature in the Authorization header. */
export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to send and sign (any case); `host` is added from the URL. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. Sent as x-amz-content-sha256 when service is s3. */
  payloadHash: string;
}
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 20130524T000000Z */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Returns the headers to send: the given ones plus x-amz-date, (for S3) x-amz-content-sha256, and
 * Authorization. The canonical URI is the URL's path as sent (already encoded once, as S3 expects).
 */
export function signRequest(req: SigV4Request, creds: SigV4Credentials, now = new Date()): Record<string, string> {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v;
  headers['x-amz-date'] = stamp;
  if (creds.service === 's3') headers['x-amz-content-sha256'] = req.payloadHash;
  const signed: Record<string, string> = { ...headers, host: req.url.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n].trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    req.method.toUpperCase(),
    req.url.pathname || '/',
    query,
    canonicalHeaders,
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${creds.secretAccessKey}`, day);
  for (const part of [creds.region, creds.service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
