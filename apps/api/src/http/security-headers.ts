import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Stripe.js's origin (STRIPE_JS_URL) and the API's it calls, when card payments are configured. */
export interface StripeOrigins {
  js: string;
  api: string;
}

/**
 * Security headers for the panel and the SPA. Emotion (MUI) injects style elements at run time,
 * hence 'unsafe-inline' for styles only; scripts come from our own origin alone, plus Stripe.js's
 * (script and frames) when card payments are configured (docs/billing.md).
 */
function helmetOptions(https: boolean, stripe: StripeOrigins | null = null): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? [stripe.js] : [])],
        ...(stripe ? { frameSrc: ["'self'", stripe.js] } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(stripe ? [...new Set([stripe.js, stripe.api])] : [])],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options. They depend on nothing in the request (no nonces),
 * so helmet runs once, at start, instead of rebuilding the same policy text for every answer
 * (it was a tenth of the CPU of a cached list answer: bench/api-lists.bench.ts).
 */
export function securityHeaderValues(
  https: boolean,
  stripe: StripeOrigins | null = null,
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  let failure: unknown = null;
  helmet(helmetOptions(https, stripe))({} as never, response as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

export const securityHeaders = fp(async function headers(
  app: FastifyInstance,
  options: { https: boolean; stripe?: StripeOrigins | null },
) {
  const values = securityHeaderValues(options.https, options.stripe ?? null);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(values);
  });
});
