import { useQuery } from '@tanstack/react-query';
import { billingRoutes as routes, type ClientSecretBody, type TopupBody } from '@hostdeck/contracts/billing';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

export const balanceKey = ['billing', 'balance'] as const;
export const transactionsKey = ['billing', 'transactions'] as const;
export const paymentMethodsKey = ['billing', 'payment-methods'] as const;

/** The balance; `pollMs` while a payment waits for its webhook. */
export const useBalance = (pollMs: number | false = false) =>
  useQuery({
    queryKey: balanceKey,
    queryFn: () => apiGetParsed(routes.balance.path, routes.balance.response),
    refetchInterval: pollMs,
  });

export const useTransactions = (page: number, perPage: number) =>
  useQuery({
    queryKey: [...transactionsKey, page, perPage],
    queryFn: () =>
      apiGetParsed(`${routes.transactions.path}?page=${page}&itemsPerPage=${perPage}`, routes.transactions.response),
  });

export const usePaymentMethods = (enabled = true) =>
  useQuery({
    queryKey: paymentMethodsKey,
    queryFn: async () => (await apiGetParsed(routes.paymentMethods.path, routes.paymentMethods.response)).data,
    enabled,
  });

/** A coupon's terms, or an ApiError (404 "This coupon is not valid."). */
export const checkCoupon = async (code: string) =>
  (
    await apiGetParsed(
      `${apiPath(routes.coupon.path, { coupon: code })}?for=topup`,
      routes.coupon.response,
    )
  ).data;

export const startCardTopup = async (body: ClientSecretBody) =>
  (await apiSend('POST', routes.clientSecret.path, body, routes.clientSecret.response)).data;

export const startBankTopup = async (body: TopupBody) =>
  (await apiSend('POST', routes.topup.path, body, routes.topup.response)).data;

export const startCardSetup = async () =>
  (await apiSend('POST', routes.setupIntent.path, undefined, routes.setupIntent.response)).data;

export const saveCard = async (paymentMethod: string) =>
  (await apiSend('POST', routes.addPaymentMethod.path, { payment_method: paymentMethod }, routes.addPaymentMethod.response))
    .data;

export const deleteCard = (paymentMethod: string) =>
  apiSend('DELETE', apiPath(routes.deletePaymentMethod.path, { payment_method: paymentMethod }), undefined, {
    parse: () => undefined,
  });

export const makeCardDefault = (paymentMethod: string) =>
  apiSend(
    'POST',
    apiPath(routes.defaultPaymentMethod.path, { payment_method: paymentMethod }),
    undefined,
    routes.defaultPaymentMethod.response,
  );
