import { type CallHandler, type ExecutionContext, HttpStatus, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { assertAcceptedText } from '../../common/input.guard';
import { API_MESSAGES, MAX_DOCUMENT_BYTES, MESSAGES, RECORD_MESSAGES } from '@rxbridge/contracts';
import { ApiError, badRequest } from '@rxbridge/platform';
import type { UploadedFile } from './documents.service';

/** The field the file rides in. */
const FILE_FIELD = 'document';

/** One file and a title: everything else a multipart body could carry is refused early (create-server.ts registers them). */
export const DOCUMENT_UPLOAD_LIMITS = { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 8 };

/**
 * The most a form within those limits can take: the file, the fields and each part's headers and
 * boundaries. A request declaring more is refused before its body is read (docs/architecture.md §10).
 */
const MAX_UPLOAD_BODY_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

/** @fastify/multipart's `file()` is shadowed on this request by the file read, where Nest's @UploadedFile looks. */
type UploadRequest = FastifyRequest & { body: unknown };

/**
 * Reads the multipart upload (field `document` plus `title`) into memory, and answers its failures in
 * our words: a file over 10 MB is 413 with the message of docs/product.md §12 Messages. A body that is
 * not multipart goes on as it is: the route then says what is missing.
 */
@Injectable()
export class DocumentUploadInterceptor implements NestInterceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = ctx.switchToHttp().getRequest<UploadRequest>();
    if (!req.isMultipart()) {
      attachFile(req, undefined);
      return next.handle();
    }
    // Declared too large: answered at once; a body without a length is counted as it streams in (fileSize).
    if (Number(req.headers['content-length']) > MAX_UPLOAD_BODY_BYTES) throw fileTooLarge();
    try {
      await readUpload(req);
    } catch (err) {
      throw translate(err);
    }
    return next.handle();
  }
}

async function readUpload(req: UploadRequest): Promise<void> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      // Read it whole even when refused, so the body is consumed and the answer is ours.
      const buffer = await part.toBuffer();
      if (part.fieldname !== FILE_FIELD || file) throw badRequest(RECORD_MESSAGES.oneFileOnly, ONE_FILE);
      file = { originalname: formFileName(part.filename), size: buffer.length, buffer };
    } else {
      if (part.valueTruncated) throw badRequest(`${part.fieldname}: ${API_MESSAGES.valueTooLong}`);
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  }
  assertAcceptedText(fields);
  if (file) assertAcceptedText(file.originalname, FILE_FIELD);
  req.body = fields;
  attachFile(req, file);
}

/** Where Nest's @UploadedFile() reads it, in place of @fastify/multipart's `file()` on this request. */
function attachFile(req: UploadRequest, file: UploadedFile | undefined) {
  Object.defineProperty(req, 'file', { value: file, configurable: true });
}

/**
 * A form's file name as the user saw it: browsers write `"`, CR and LF in it as %22, %0D and %0A
 * (the HTML standard's multipart/form-data encoding), which the parser leaves as they came.
 */
function formFileName(sent: string): string {
  return sent.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

const ONE_FILE = { [FILE_FIELD]: RECORD_MESSAGES.oneFileOnly };

const fileTooLarge = () =>
  new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'file-too-large', MESSAGES.fileTooLarge, {
    [FILE_FIELD]: MESSAGES.fileTooLarge,
  });

function translate(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest(RECORD_MESSAGES.oneFileOnly, ONE_FILE);
  const text = err instanceof Error ? err.message : String(err);
  return badRequest(API_MESSAGES.uploadUnreadable(text));
}
