import { z } from 'zod';
import { SITE_WEB_SERVERS, domainSchema } from '@hostdeck/contracts';

/**
 * Grammars of the certificate recipes' inputs. The PEM grammars accept only what the panel itself
 * sends after node:crypto parsed and re-encoded the user's text: LF line endings, base64 lines of
 * at most 76 characters, a PKCS#8 key, a chain of certificates. Anything else (a shell payload, a
 * stray header, an encrypted key) never reaches a server.
 */
const BASE64_LINES = '(?:[A-Za-z0-9+/=]{1,76}\\n)+';
const CERTIFICATE_BLOCK = `-----BEGIN CERTIFICATE-----\\n${BASE64_LINES}-----END CERTIFICATE-----\\n`;
const CHAIN_PATTERN = new RegExp(`^(?:${CERTIFICATE_BLOCK}){1,10}$`);
const PRIVATE_KEY_PATTERN = new RegExp(
  `^-----BEGIN PRIVATE KEY-----\\n${BASE64_LINES}-----END PRIVATE KEY-----\\n$`,
);

export const RECIPE_CHAIN_MAX_LENGTH = 65_536;
export const RECIPE_PRIVATE_KEY_MAX_LENGTH = 16_384;

export const certificateChainInputSchema = z
  .string()
  .max(RECIPE_CHAIN_MAX_LENGTH, { abort: true })
  .regex(CHAIN_PATTERN, 'Invalid value');
export const privateKeyInputSchema = z
  .string()
  .max(RECIPE_PRIVATE_KEY_MAX_LENGTH, { abort: true })
  .regex(PRIVATE_KEY_PATTERN, 'Invalid value');

export const webServerInputSchema = z.enum(SITE_WEB_SERVERS);
export const siteNameInputSchema = domainSchema;

/**
 * An ACME HTTP-01 token (RFC 8555 §8.3): base64url with at least 128 bits of entropy, so at least
 * 22 characters. It may start with '-' (base64url does); it is only ever used as a file name after
 * a fixed directory, and the minimum length keeps option-like words (`-rf`, `--help`) out.
 */
export const acmeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'Invalid value');
/** `{token}.{base64url SHA-256 thumbprint of the account key}` (RFC 8555 §8.1). */
export const acmeKeyAuthorizationSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,128}\.[A-Za-z0-9_-]{43}$/, 'Invalid value');

/** A syntactically valid PEM pair for recipe examples (not a real key: examples are never run). */
export const EXAMPLE_CHAIN = '-----BEGIN CERTIFICATE-----\nMIIBexample\n-----END CERTIFICATE-----\n';
export const EXAMPLE_PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIGHexample\n-----END PRIVATE KEY-----\n';
