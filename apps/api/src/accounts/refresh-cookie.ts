import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { SETTINGS, type Settings } from '@rxbridge/platform';

export const REFRESH_COOKIE = 'rxb_refresh';
/**
 * The only routes the browser sends the refresh cookie to: one cookie per path, since a cookie has
 * one Path and these two routes share no prefix below /api/v1.
 */
export const REFRESH_COOKIE_PATHS = ['/api/v1/auth/refresh', '/api/v1/users/logout'] as const;

/**
 * The web app's refresh token lives in an HttpOnly cookie, out of reach of any script on the page
 * (docs/architecture.md §9): SameSite=Strict, Secure when the app is served over https, and sent
 * only to the refresh and logout routes. The answers still carry the tokens for API clients.
 */
@Injectable()
export class RefreshCookie {
  private readonly secure: boolean;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    this.secure = settings.APP_URL.startsWith('https:');
  }

  /** Sets the cookie, for as long as a refresh token may live (the session may end it sooner). */
  set(res: FastifyReply, refreshToken: string) {
    const maxAge = this.settings.REFRESH_TOKEN_TTL_DAYS * 86400;
    res.header('Set-Cookie', this.cookies(refreshToken, maxAge));
  }

  clear(res: FastifyReply) {
    res.header('Set-Cookie', this.cookies('', 0));
  }

  /** The refresh token the browser sent, if any. */
  read(req: FastifyRequest): string | undefined {
    const value = parseCookies(req.headers.cookie ?? '')[REFRESH_COOKIE];
    return value || undefined;
  }

  private cookies(value: string, maxAge: number): string[] {
    return REFRESH_COOKIE_PATHS.map((path) =>
      serializeCookie(REFRESH_COOKIE, value, {
        httpOnly: true,
        sameSite: 'strict',
        secure: this.secure,
        path,
        maxAge,
        // For browsers that read only Expires.
        expires: new Date(maxAge ? Date.now() + maxAge * 1000 : 0),
      }),
    );
  }
}
