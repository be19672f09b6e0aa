import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CERTIFICATE_RENEW_TOKEN_HEADER, certificateRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { translate } from '../i18n/translate.js';
import type { CertificatesService } from './certificates.service.js';

/** A cron job or a script calls these; not enough to guess a 256-bit token. */
const RENEW_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/**
 * POST api/sites/{site}/letsencrypt-renew and POST api/sites/{site}/certificates/renew (spec/000
 * §7, public): public on purpose (route-auth.test.ts lists them), authenticated by the site's
 * renewal token in the X-HostDeck-Token header (never the URL), rate-limited, without the CSRF
 * check (scripts call them, not browsers). Any body is ignored, so `curl -X POST` just works.
 */
export const certificateRenewRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  options,
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, null),
  );

  for (const contract of [certificateRoutes.letsencryptRenew, certificateRoutes.renew]) {
    route(
      app,
      contract,
      { status: 201, public: true, config: { csrf: false, rateLimit: RENEW_RATE_LIMIT } },
      async ({ params, request, locale }) => {
        const header = request.headers[CERTIFICATE_RENEW_TOKEN_HEADER];
        const result = await options.certificates.renewWithToken(
          params.site,
          typeof header === 'string' ? header : undefined,
        );
        return { ...result, message: translate(locale, result.message) };
      },
    );
  }
};
