import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralRoutes as routes } from '@hostdeck/contracts/referrals';
import { route } from '../http/route.js';
import type { ReferralsService } from './referrals.service.js';

/** Referral codes and commissions of the signed-in user (contracts `referralRoutes`). */
export const referralsRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (
  app,
  { referrals },
) => {
  route(app, routes.listCodes, {}, async ({ user }) => ({ data: await referrals.listCodes(user) }));
  route(app, routes.createCode, { status: 201 }, async ({ user, body }) => ({
    data: await referrals.createCode(user, body),
  }));
  route(app, routes.renameCode, {}, async ({ user, params, body }) => ({
    data: await referrals.renameCode(user, params.code, body.name),
  }));
  route(app, routes.patchCode, {}, async ({ user, params, body }) => ({
    data: await referrals.renameCode(user, params.code, body.name),
  }));
  route(app, routes.deleteCode, {}, ({ user, params }) => referrals.deleteCode(user, params.code));
  route(app, routes.commissions, {}, ({ user, query }) =>
    referrals.commissions(user, query, routes.commissions.path),
  );
  route(app, routes.creditCommission, {}, async ({ user, params }) => ({
    data: await referrals.creditCommission(user, params.commission),
  }));
};
