import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { clientOf } from '../../http/client-caller';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { INVITATION_PURPOSE, invitePerson, prepareInvitationMail, removePerson } from './service';

export const invitationRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  app.outbox.registerPreparer(INVITATION_PURPOSE, prepareInvitationMail(deps));

  route(app, endpoints.providerInvitation, async (request, reply) => {
    const invitation = await invitePerson(deps, clientOf(request), request.params.externalId, request.body);
    reply.code(201);
    return invitation;
  });

  route(app, endpoints.providerPersonRemoval, async (request, reply) => {
    await removePerson(deps, clientOf(request), request.params.externalId, request.params.email);
    return reply.code(204).send();
  });
};
