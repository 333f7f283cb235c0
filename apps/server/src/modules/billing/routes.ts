import {
  ZAdminProductsResponse,
  ZBillingInfo,
  ZBillingInfoWithTaxResponse,
  ZCurrentPlanResponse,
  ZDefaultPaymentRequest,
  ZErrorResponse,
  ZIdParams,
  ZInvoicesResponse,
  ZNeuronParams,
  ZPaySubscriptionRequest,
  ZPlanChangePreview,
  ZPlanChangePreviewRequest,
  ZPaymentsConfigResponse,
  ZPaymentMethodTypeParams,
  ZPaymentMethodsResponse,
  ZPromotionCodeParams,
  ZPromotionCodeRequest,
  ZPromotionCodeResponse,
  ZSetupIntentResponse,
  ZChangePlanRequest,
  ZSubscribeRequest,
  ZSubscribeResponse,
  ZSubscription,
  ZSubscriptionsResponse,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { requestLanguage } from '../../platform/request-language.js';
import { listAdminProducts } from './admin-billing.js';
import { getBillingInfo, updateBillingInfo } from './billing-info.js';
import {
  createSetupIntent,
  getPaymentsConfig,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from './customers.js';
import { listInvoices } from './invoices.js';
import { changePlan, previewPlanChange } from './plan-change.js';
import { validatePromotionCode } from './promotions.js';
import { registerBillingJobs } from './billing-jobs.js';
import {
  cancelSubscription,
  getCurrentPlan,
  getSubscription,
  listSubscriptions,
  paySubscription,
  reactivateSubscription,
  subscribe,
  subscribeFree,
} from './subscription-actions.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

/** Payments, subscriptions and invoices: the owner and Admin members; never a Guest. */
/** The caller's team, and the UI language its plan names are shown in. */
function owner(request: FastifyRequest) {
  return { teamId: request.auth.teamId, language: requestLanguage(request) };
}

export const billingRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  registerBillingJobs(deps);

  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('OWNER', 'ADMIN'));
  const tags = ['billing'];

  app.get(
    '/payments/config',
    { schema: { tags, response: { 200: ZPaymentsConfigResponse, ...errors } } },
    () => getPaymentsConfig(deps),
  );

  app.get(
    '/payments/payment_methods',
    { schema: { tags, response: { 200: ZPaymentMethodsResponse, ...errors } } },
    (request) => listPaymentMethods(deps, { teamId: request.auth.teamId }),
  );

  app.post(
    '/payments/intent/:type',
    {
      schema: {
        tags,
        params: ZPaymentMethodTypeParams,
        response: { 200: ZSetupIntentResponse, ...errors },
      },
    },
    (request) =>
      createSetupIntent(deps, { teamId: request.auth.teamId, type: request.params.type }),
  );

  app.post(
    '/payments/default_payment',
    {
      schema: {
        tags,
        body: ZDefaultPaymentRequest,
        response: { 200: ZPaymentMethodsResponse, ...errors },
      },
    },
    (request) =>
      setDefaultPaymentMethod(deps, {
        teamId: request.auth.teamId,
        paymentMethodId: request.body.paymentId,
      }),
  );

  app.get(
    '/payments/products',
    { schema: { tags, response: { 200: ZAdminProductsResponse, ...errors } } },
    () => listAdminProducts(deps, {}),
  );

  app.get(
    '/payments/products/:neuron',
    {
      schema: { tags, params: ZNeuronParams, response: { 200: ZAdminProductsResponse, ...errors } },
    },
    async (request) =>
      (await listAdminProducts(deps, {})).filter(
        (product) => product.neuron === request.params.neuron,
      ),
  );

  app.get(
    '/currentplan/:neuron',
    { schema: { tags, params: ZNeuronParams, response: { 200: ZCurrentPlanResponse, ...errors } } },
    (request) => getCurrentPlan(deps, { ...owner(request), neuronId: request.params.neuron }),
  );

  app.post(
    '/microservice/subscribe/:neuron',
    {
      schema: {
        tags,
        params: ZNeuronParams,
        body: ZSubscribeRequest,
        response: { 200: ZSubscribeResponse, ...errors },
      },
    },
    (request) =>
      subscribe(deps, {
        ...owner(request),
        neuronId: request.params.neuron,
        request: request.body,
      }),
  );

  app.put(
    '/microservice/subscribe/:neuron',
    {
      schema: {
        tags,
        params: ZNeuronParams,
        body: ZChangePlanRequest,
        response: { 200: ZSubscribeResponse, ...errors },
      },
    },
    (request) =>
      changePlan(deps, {
        ...owner(request),
        neuronId: request.params.neuron,
        request: request.body,
      }),
  );

  app.post(
    '/microservice/subscribe/:neuron/preview',
    {
      schema: {
        tags,
        params: ZNeuronParams,
        body: ZPlanChangePreviewRequest,
        response: { 200: ZPlanChangePreview, ...errors },
      },
    },
    (request) =>
      previewPlanChange(deps, {
        ...owner(request),
        neuronId: request.params.neuron,
        request: request.body,
      }),
  );

  app.post(
    '/microservice/free/:neuron',
    { schema: { tags, params: ZNeuronParams, response: { 201: ZSubscription, ...errors } } },
    async (request, reply) => {
      const subscription = await subscribeFree(deps, {
        ...owner(request),
        neuronId: request.params.neuron,
      });
      return reply.status(201).send(subscription);
    },
  );

  app.get(
    '/user/subscriptions',
    { schema: { tags, response: { 200: ZSubscriptionsResponse, ...errors } } },
    (request) => listSubscriptions(deps, owner(request)),
  );

  app.get(
    '/user/subscription/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZSubscription, ...errors } } },
    (request) => getSubscription(deps, { ...owner(request), subscriptionId: request.params.id }),
  );

  app.put(
    '/user/subscription/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZPaySubscriptionRequest,
        response: { 200: ZSubscribeResponse, ...errors },
      },
    },
    (request) =>
      paySubscription(deps, {
        ...owner(request),
        subscriptionId: request.params.id,
        paymentMethodId: request.body.paymentId,
      }),
  );

  app.post(
    '/user/subscription/cancel/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZSubscription, ...errors } } },
    (request) => cancelSubscription(deps, { ...owner(request), subscriptionId: request.params.id }),
  );

  app.post(
    '/user/subscription/reactivate/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZSubscription, ...errors } } },
    (request) =>
      reactivateSubscription(deps, {
        ...owner(request),
        subscriptionId: request.params.id,
      }),
  );

  app.post(
    '/user/promotion_codes/:code',
    {
      schema: {
        tags,
        params: ZPromotionCodeParams,
        body: ZPromotionCodeRequest,
        response: { 200: ZPromotionCodeResponse, ...errors },
      },
    },
    (request) =>
      validatePromotionCode(deps, { code: request.params.code, priceId: request.body.priceId }),
  );

  app.get(
    '/user/billing',
    { schema: { tags, response: { 200: ZBillingInfoWithTaxResponse, ...errors } } },
    (request) => getBillingInfo(deps, { teamId: request.auth.teamId }),
  );

  app.put(
    '/user/billing',
    {
      schema: {
        tags,
        body: ZBillingInfo,
        response: { 200: ZBillingInfoWithTaxResponse, ...errors },
      },
    },
    (request) => updateBillingInfo(deps, { teamId: request.auth.teamId, info: request.body }),
  );

  app.get(
    '/user/invoices',
    { schema: { tags, response: { 200: ZInvoicesResponse, ...errors } } },
    (request) => listInvoices(deps, { teamId: request.auth.teamId }),
  );
};
