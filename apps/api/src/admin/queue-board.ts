import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Job } from 'bullmq';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import jwt from 'jsonwebtoken';
import { SETTINGS, type Settings, redactJobError } from '@rxbridge/platform';
import { AccessTokens } from '../accounts/access-tokens';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { QueuesService } from './queues.service';

/** Where Bull Board is served, outside /api/v1 (whose /admin/queues is the console's JSON). */
export const QUEUE_BOARD_PATH = '/admin/queues';
export const QUEUE_BOARD_COOKIE = 'rxb_queue_board';
/** How long a board session lasts; the console issues a new one each time it opens the board. */
export const QUEUE_BOARD_TTL_SECONDS = 600;
const AUDIENCE = 'queue-board';

/**
 * The short-lived session behind Bull Board's cookie (docs/architecture.md §9): issued to an admin
 * by the console, signed with a key of its own (derived from JWT_SECRET) so the cookie is never
 * taken for an access token, and checked on every request: the login session must still be open
 * and the account still an admin.
 */
@Injectable()
export class QueueBoardSessions {
  private readonly key: Buffer;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.key = createHash('sha256').update(`${settings.JWT_SECRET}:${AUDIENCE}`).digest();
  }

  issue(user: AuthUser): string {
    return jwt.sign({ sid: user.sid }, this.key, {
      subject: user.id,
      audience: AUDIENCE,
      issuer: 'rxbridge',
      expiresIn: QUEUE_BOARD_TTL_SECONDS,
      algorithm: 'HS256',
    });
  }

  async verify(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: 'rxbridge',
      }) as jwt.JwtPayload;
    } catch {
      return false;
    }
    const { sub, sid } = claims as { sub?: string; sid?: string };
    if (!sub || !sid || (await this.tokens.isRevoked(sid))) return false;
    // The role as it is now (a disabled account or an ended session has none), not as it was when
    // the cookie was issued.
    return (await this.tokens.currentRole(sub, sid, 0)) === 'ADMIN';
  }

  /**
   * Opens the board for this admin: its audit row first, on its own (docs/architecture.md §9: an operator's action is
   * audited as a staff read is), so an admin whose row cannot be written gets no cookie; then the cookie.
   */
  async open(user: AuthUser): Promise<string> {
    await writeAudit(this.db.manager, user, { action: 'queue_board.opened', subjectUserId: null });
    return this.cookie(user);
  }

  /** The Set-Cookie value that opens the board for this admin: HttpOnly, strict, on the board's path only. */
  private cookie(user: AuthUser): string {
    return serializeCookie(QUEUE_BOARD_COOKIE, this.issue(user), {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.settings.APP_URL.startsWith('https:'),
      path: QUEUE_BOARD_PATH,
      maxAge: QUEUE_BOARD_TTL_SECONDS,
      // For browsers that read only Expires.
      expires: new Date(Date.now() + QUEUE_BOARD_TTL_SECONDS * 1000),
    });
  }
}

/**
 * The board's jobs with their failure redacted (the reason, the stack's message lines) and no job logs:
 * an error's text may quote what a handler was given (docs/architecture.md §13). The jobs read are
 * copies for this answer; nothing is written back.
 */
class RedactedBullMQAdapter extends BullMQAdapter {
  override async getJob(id: string) {
    const job = await super.getJob(id);
    return job ? redactJob(job as Job) : job;
  }

  override async getJobs(...args: Parameters<BullMQAdapter['getJobs']>) {
    return (await super.getJobs(...args)).map((job) => redactJob(job as Job));
  }

  override async getJobLogs() {
    return [];
  }
}

function redactJob<T extends Job>(job: T): T {
  if (job.failedReason) job.failedReason = redactJobError(job.failedReason);
  // Frames ("    at handler (file:line)") name code only; every other line is an error's message.
  job.stacktrace = (job.stacktrace ?? []).map((trace) =>
    (trace ?? '')
      .split('\n')
      .map((line) => (/^\s+at /.test(line) ? line : redactJobError(line)))
      .join('\n'),
  );
  return job;
}

/** Replaces whatever a job carries: the board shows jobs by id, name, state and timing only. */
const HIDDEN = '(hidden: open the patient through the navigator console)';

/**
 * Bull Board at /admin/queues for admins (docs/product.md §8), read-only (retries stay in the
 * console), with each job's data and return value hidden: queue payloads carry ids only
 * (docs/architecture.md §5), but the board is no place to look patients up.
 */
export async function mountQueueBoard(app: NestFastifyApplication): Promise<void> {
  const sessions = app.get(QueueBoardSessions);
  const board = new FastifyAdapter();
  board.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: app
      .get(QueuesService)
      .all()
      .map((queue) => {
        const adapter = new RedactedBullMQAdapter(queue, { readOnlyMode: true, allowRetries: false });
        adapter.setFormatter('data', () => HIDDEN);
        adapter.setFormatter('returnValue', () => HIDDEN);
        return adapter;
      }),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'RxBridge queues' } },
  });
  // The check runs before every request of the board's scope, its pages, scripts and JSON alike.
  await app.register(
    async (scope: FastifyInstance) => {
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
        const token = parseCookies(request.headers.cookie ?? '')[QUEUE_BOARD_COOKIE];
        if (await sessions.verify(token)) return;
        return reply
          .status(401)
          .type('text/plain; charset=utf-8')
          .send('Open Bull Board from the navigator console (Queue health) while signed in as an admin.');
      });
      await scope.register(board.registerPlugin());
    },
    { prefix: QUEUE_BOARD_PATH },
  );
}
