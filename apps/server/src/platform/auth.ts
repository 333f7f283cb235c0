import { ROLES, type RoleName } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';

export type AuthContext = {
  userId: string;
  teamId: string;
  email: string;
  roles: number[];
  /** The whole row, read once per request: handlers that show the user need no second read. */
  user: typeof users.$inferSelect;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/**
 * The signed-in user's row, read on every request: a prepared statement, so neither drizzle
 * nor PostgreSQL builds and plans the same query again each time (one per database).
 */
const sessionUserQueries = new WeakMap<Database, ReturnType<typeof prepareSessionUserQuery>>();

function prepareSessionUserQuery(db: Database) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('session_user');
}

function sessionUserQuery(db: Database) {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUserQuery(db);
    sessionUserQueries.set(db, query);
  }
  return query;
}

/**
 * `authenticate` checks the bearer token and loads the user, so a disabled account, a
 * changed password or a changed role takes effect at once.
 */
async function authenticate(deps: Deps, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new AppError('UNAUTHORIZED');
  const claims = await deps.sessions.verify(token);
  if (!claims) throw new AppError('UNAUTHORIZED');
  const [user] = await sessionUserQuery(deps.db).execute({ userId: claims.userId });
  if (!user?.enabled || user.tokenVersion !== claims.tokenVersion)
    throw new AppError('UNAUTHORIZED');
  request.auth = {
    userId: user.id,
    teamId: user.teamId,
    email: user.email,
    roles: user.roles,
    user,
  };
}

export const authPlugin = fp((app: FastifyInstance, options: { deps: Deps }) => {
  app.decorateRequest('auth');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    await authenticate(options.deps, request);
  });
});

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** A preHandler that lets through only callers holding one of the roles (after authenticate). */
export function requireRole(...roles: RoleName[]) {
  const allowed = roles.map((role) => ROLES[role]);
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.auth.roles.some((role) => (allowed as number[]).includes(role))) {
      throw new AppError('FORBIDDEN');
    }
  };
}
