import {
  ZAcceptInvitationRequest,
  ZErrorResponse,
  ZInviteMemberRequest,
  ZIdParams,
  ZSessionResponse,
  ZTeamMember,
  ZTeamResponse,
  ZTokenParams,
  ZUpdateMemberRequest,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import {
  acceptInvitation,
  deleteMember,
  inviteMember,
  listTeamMembers,
  resendInvitation,
  updateMember,
} from './service.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

/** Team management belongs to the team's owner alone. */
const INVITATION_RESENDS_PER_HOUR = 3;

export const teamsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const ownerOnly = { preHandler: [app.authenticate, requireRole('OWNER')] };

  app.get(
    '/team',
    { ...ownerOnly, schema: { tags: ['team'], response: { 200: ZTeamResponse, ...errors } } },
    (request) => listTeamMembers(deps, { teamId: request.auth.teamId }),
  );

  app.post(
    '/team/invite',
    {
      ...ownerOnly,
      schema: {
        tags: ['team'],
        body: ZInviteMemberRequest,
        response: { 201: ZTeamMember, ...errors },
      },
    },
    async (request, reply) => {
      const member = await inviteMember(deps, { owner: request.auth, request: request.body });
      return reply.status(201).send(member);
    },
  );

  app.put(
    '/team/invite/:id',
    {
      ...ownerOnly,
      schema: {
        tags: ['team'],
        params: ZIdParams,
        body: ZUpdateMemberRequest,
        response: { 200: ZTeamMember, ...errors },
      },
    },
    (request) =>
      updateMember(deps, {
        owner: request.auth,
        memberId: request.params.id,
        request: request.body,
      }),
  );

  app.delete(
    '/team/invite/:id',
    {
      ...ownerOnly,
      schema: { tags: ['team'], params: ZIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteMember(deps, { owner: request.auth, memberId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/team/invite/:id/resend',
    {
      ...ownerOnly,
      // Each resend mails the invitee: a few an hour per invitation, so no one is mail-bombed.
      config: {
        rateLimit: {
          max: INVITATION_RESENDS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) =>
            `invitation-resend:${(request.params as { id?: string }).id ?? ''}`,
        },
      },
      schema: { tags: ['team'], params: ZIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await resendInvitation(deps, { owner: request.auth, memberId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/team/registration/:token',
    {
      config: { rateLimit: { max: deps.config.rateLimitAuthMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['team'],
        params: ZTokenParams,
        body: ZAcceptInvitationRequest,
        response: { 200: ZSessionResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const session = await acceptInvitation(deps, {
        token: request.params.token,
        request: request.body,
      });
      return reply.header('authorization', `Bearer ${session.token}`).send(session);
    },
  );
};
