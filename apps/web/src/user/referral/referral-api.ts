import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referralRoutes as routes, type CreateReferralCodeBody } from '@hostdeck/contracts/referrals';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

export const referralCodesKey = ['referral-codes'] as const;
export const commissionsKey = ['commissions'] as const;

export const useReferralCodes = () =>
  useQuery({
    queryKey: referralCodesKey,
    queryFn: async () => (await apiGetParsed(routes.listCodes.path, routes.listCodes.response)).data,
  });

export const useCommissions = (page: number, itemsPerPage: number) =>
  useQuery({
    queryKey: [...commissionsKey, page, itemsPerPage],
    queryFn: () =>
      apiGetParsed(
        `${routes.commissions.path}?page=${page}&itemsPerPage=${itemsPerPage}`,
        routes.commissions.response,
      ),
    placeholderData: keepPreviousData,
  });

export const createReferralCode = async (body: CreateReferralCodeBody) =>
  (await apiSend('POST', routes.createCode.path, body, routes.createCode.response)).data;

export const renameReferralCode = async (code: string, name: string) =>
  (await apiSend('PUT', apiPath(routes.renameCode.path, { code }), { name }, routes.renameCode.response))
    .data;

export const deleteReferralCode = (code: string) =>
  apiSend('DELETE', apiPath(routes.deleteCode.path, { code }), undefined, { parse: () => undefined });

export const creditCommission = async (id: number) =>
  (
    await apiSend(
      'POST',
      apiPath(routes.creditCommission.path, { commission: id }),
      undefined,
      routes.creditCommission.response,
    )
  ).data;
