import {
  ZAvailablePlansResponse,
  ZErrorResponse,
  ZListNeuronsResponse,
  ZNeuron,
  ZNeuronParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { requestLanguage } from '../../platform/request-language.js';
import { getNeuronInfo, listAvailablePlans, listNeurons } from './service.js';

const errors = { 401: ZErrorResponse, 404: ZErrorResponse };

export const catalogueRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/listneurons',
    { schema: { tags: ['catalogue'], response: { 200: ZListNeuronsResponse, ...errors } } },
    (request) => listNeurons(deps, { language: requestLanguage(request) }),
  );

  app.get(
    '/info/:neuron',
    {
      schema: {
        tags: ['catalogue'],
        params: ZNeuronParams,
        response: { 200: ZNeuron, ...errors },
      },
    },
    (request) =>
      getNeuronInfo(deps, { neuronId: request.params.neuron, language: requestLanguage(request) }),
  );

  app.get(
    '/availableplans/:neuron',
    {
      schema: {
        tags: ['catalogue'],
        params: ZNeuronParams,
        response: { 200: ZAvailablePlansResponse, ...errors },
      },
    },
    (request) =>
      listAvailablePlans(deps, {
        neuronId: request.params.neuron,
        language: requestLanguage(request),
      }),
  );
};
