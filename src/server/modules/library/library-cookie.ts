import type { FastifyReply, FastifyRequest } from 'fastify';
import { libraryTokenSchema } from '../../../shared/contracts/library';
import { SESSION_DAYS } from './sign-in.service';

const COOKIE = 'ga_library';
/** Only the library's calls carry it: pages, downloads and every other call never see it. */
const COOKIE_PATH = '/api/library';

/** The session token the browser sent, when it is well formed. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const [name, value] = part.trim().split('=', 2);
    if (name === COOKIE && value && libraryTokenSchema.safeParse(value).success) return value;
  }
  return undefined;
}

/** HttpOnly, SameSite=Lax, Secure when this request came over HTTPS (directly or through a trusted proxy). */
function cookie(request: FastifyRequest, value: string, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
  reply.header('set-cookie', cookie(request, token, SESSION_DAYS * 86_400));

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.header('set-cookie', cookie(request, '', 0));
