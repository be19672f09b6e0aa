import { useQuery } from '@tanstack/react-query';
import { socialiteRoutes as routes, type SocialProvider } from '@hostdeck/contracts/socialites';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

export const socialitesKey = ['socialites'] as const;

/** The caller's linked providers (GET api/user/socialites). */
export const useSocialites = () =>
  useQuery({
    queryKey: socialitesKey,
    queryFn: async () => (await apiGetParsed(routes.list.path, routes.list.response)).data,
  });

/** Sends the browser to the provider (a fresh single-use state, kept in a cookie by the panel). */
export async function goToProvider(provider: SocialProvider, link: boolean): Promise<void> {
  const { data } = await apiSend(
    'POST',
    apiPath(routes.start.path, { provider }),
    link ? { link: true } : {},
    routes.start.response,
  );
  window.location.assign(data.url);
}

export const finishSocialSignIn = async (
  provider: SocialProvider,
  body: { code?: string; state: string; error?: string; iss?: string },
) =>
  (await apiSend('POST', apiPath(routes.callback.path, { provider }), body, routes.callback.response)).data;

export const unlinkSocialite = (provider: SocialProvider) =>
  apiSend('POST', apiPath(routes.unlink.path, { provider }), undefined, { parse: () => undefined });
