import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, type Role } from '@rxbridge/contracts';
import { AccessTokens } from '../accounts/access-tokens';
import { forbidden, unauthorized } from '@rxbridge/platform';

export interface AuthUser {
  id: string;
  role: Role;
  /** Login session (refresh-token family) the access token belongs to. */
  sid: string;
}

export const PUBLIC = 'auth:public';
export const ROLES = 'auth:roles';
const MISSING_TOKEN_MESSAGE = 'auth:missing-token-message';
/** Marks an endpoint open to visitors. Everything else needs a bearer token. */
export const Public = () => SetMetadata(PUBLIC, true);
/** What a visitor without a token is told on this endpoint, in place of the general 'log in' text. */
export const LoginNeededMessage = (message: string) => SetMetadata(MISSING_TOKEN_MESSAGE, message);
/** Restricts an endpoint to the given roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<FastifyRequest & { user: AuthUser }>().user;
});

export function bearerToken(req: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/** Global guard: verifies the JWT and the session behind it, then the role requirement. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const token = bearerToken(req);
    if (!token) {
      throw unauthorized(
        this.reflector.getAllAndOverride<string | undefined>(MISSING_TOKEN_MESSAGE, targets) ??
          MESSAGES.notAuthenticated,
      );
    }
    const user = await this.tokens.verify(token);
    if (!user) throw unauthorized(MESSAGES.sessionExpired, 'invalid-token');
    // Every authenticated request is activity; a session idle past its limit is over (docs/product.md §7).
    if (!(await this.tokens.touch(user))) {
      await this.tokens.revokeSessions([user.sid]);
      throw unauthorized(MESSAGES.sessionIdle, 'session-idle');
    }
    req.user = user;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(user.role)) throw forbidden();
    return true;
  }
}
