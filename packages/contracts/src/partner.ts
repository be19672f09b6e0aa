import { z } from 'zod';
import { emailSchema, personNameSchema } from './accounts.js';
import { LOCALES } from './constants.js';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { defineRoutes } from './route-contract.js';
import { connectServerRequestSchema } from './server-management.js';

/**
 * The partner API and the other public endpoints of spec/000 §7 "Public or partner" (issue 23
 * point 7, docs/partner-api.md): partner tokens and servers, a server's own verify/decrypt calls,
 * a site's domain check, the contact form and newsletter subscriptions.
 */

/** Seconds a partner access token (`hdp_…`) lives. */
export const PARTNER_TOKEN_TTL_SECONDS = 3600;
/** Days an install secret (`hdi_…`) of a partner-made server may be used. */
export const INSTALL_SECRET_TTL_DAYS = 7;
/** The least time, in seconds, between the form token being issued and the form being sent. */
export const FORM_MIN_FILL_SECONDS = 3;
/** The form token is refused after this many hours. */
export const FORM_MAX_AGE_HOURS = 24;
/** At most this many links in a contact message. */
export const CONTACT_MAX_LINKS = 2;
/** Contact messages accepted per email address per hour; subscribe requests likewise. */
export const FORM_PER_EMAIL_PER_HOUR = 3;
/** Calls per address per hour to POST api/contact and POST api/subscribes (each). */
export const FORM_PER_ADDRESS_PER_HOUR = 10;

/** English messages (i18n keys); Vietnamese in apps/api/src/partner/partner.vi.ts. */
export const PARTNER_MESSAGES = {
  notYourCustomer:
    'This email address belongs to an account you did not create. A partner makes servers only for the accounts it created.',
  notPartner: 'This account is not a partner.',
  formExpired: 'This form has expired. Reload the page and try again.',
  tooFast: 'Please take a moment to fill in the form, then send it again.',
  tooManyLinks: 'A message may hold at most 2 links.',
  tooManyForEmail: 'Too many messages from this email address. Please try again later.',
  contactSent: 'Thank you, your message was sent. We will answer by email.',
  subscribeSent: 'Almost done: check your inbox and confirm your subscription.',
  subscribed: 'Your subscription is confirmed.',
  unsubscribed: 'You are unsubscribed. You will receive no more newsletters.',
  badLink: 'This link is not valid or has already been used.',
} as const;

/** Free text without control characters other than newlines and tabs. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(max, `Max ${max} characters`)
    .refine((value) => !/\p{Cc}/u.test(value.replace(/\r?\n|\t/g, ' ')), 'Invalid value');
const lineText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(max, `Max ${max} characters`)
    .refine((value) => !/\p{Cc}/u.test(value), 'Invalid value');

/** Fields every public form carries: the signed form token and the honeypot (must stay empty). */
const guardFields = {
  /** From GET api/forms/token: when the form was shown, signed by the panel. */
  form_token: z.string().max(200),
  /** The honeypot: hidden from people, filled by bots. Any value is refused quietly. */
  website: z.string().max(500).optional(),
};

export const contactRequestSchema = z.strictObject({
  name: lineText(100),
  email: emailSchema,
  subject: lineText(150),
  message: text(5000),
  ...guardFields,
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const subscribeRequestSchema = z.strictObject({ email: emailSchema, ...guardFields });
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

/** A confirmation or unsubscribe link's token (base64url). */
const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
export const subscriptionLinkRequestSchema = z.strictObject({ token: linkTokenSchema });

export const messageAnswerSchema = z.object({ message: z.string() });

export const formTokenSchema = z.object({ form_token: z.string(), min_fill_seconds: z.number().int() });

export const partnerTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

/**
 * POST api/partner/server: the normal connect form (command method), for a customer. An email no
 * account uses makes a new account (named `customer_name`, in `customer_locale`), invited by mail
 * to set its password; an existing account must be one this partner created.
 */
export const partnerServerRequestSchema = z.strictObject({
  customer_email: emailSchema,
  customer_name: personNameSchema.optional(),
  customer_locale: z.enum(LOCALES).optional(),
  server: connectServerRequestSchema,
});
export type PartnerServerRequest = z.input<typeof partnerServerRequestSchema>;

export const partnerServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ip: z.string(),
  port: z.number().int(),
  status: z.string(),
  customer_email: z.string(),
  /** Run as root on the server: installs the panel's key, then calls verify. Null once verified. */
  install_command: z.string().nullable(),
  created_at: z.string(),
});
export type PartnerServer = z.infer<typeof partnerServerSchema>;

export const partnerServerActionSchema = z.strictObject({ action: z.enum(['status', 'delete']) });

/** GET api/servers/{server}/decrypt: what the server itself may read (never a secret of the panel). */
export const serverBootstrapSchema = z.object({
  server_id: z.number().int(),
  name: z.string(),
  /** The panel's SSH public key for this server (authorized_keys). */
  panel_public_key: z.string(),
  /** The key that signs agent tokens (the agent's config `panelPublicKey`). */
  agent_panel_public_key: z.string(),
  verify_url: z.string(),
});

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  locale: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  locale: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const adminPartnerSchema = z.object({ user_id: z.number().int(), is_partner: z.boolean() });

export const partnerRoutes = defineRoutes({
  partnerToken: {
    method: 'POST',
    path: '/api/partner/token',
    response: partnerTokenSchema,
  },
  createServer: {
    method: 'POST',
    path: '/api/partner/server',
    body: partnerServerRequestSchema,
    response: z.object({ data: partnerServerSchema }),
  },
  serverAction: {
    method: 'POST',
    path: '/api/partner/server/:server',
    params: z.object({ server: z.string().max(20) }),
    body: partnerServerActionSchema,
    response: z.object({ data: partnerServerSchema.nullable() }),
  },
  verifyServer: {
    method: 'GET',
    path: '/api/servers/:server/verify',
    params: z.object({ server: z.string().max(20) }),
    response: z.object({ data: z.object({ id: z.number().int(), status: z.string() }) }),
  },
  decryptServer: {
    method: 'GET',
    path: '/api/servers/:server/decrypt',
    params: z.object({ server: z.string().max(20) }),
    response: z.object({ data: serverBootstrapSchema }),
  },
  formToken: { method: 'GET', path: '/api/forms/token', response: formTokenSchema },
  contact: {
    method: 'POST',
    path: '/api/contact',
    body: contactRequestSchema,
    response: messageAnswerSchema,
  },
  subscribe: {
    method: 'POST',
    path: '/api/subscribes',
    body: subscribeRequestSchema,
    response: messageAnswerSchema,
  },
  confirmSubscription: {
    method: 'POST',
    path: '/api/subscribes/confirm',
    body: subscriptionLinkRequestSchema,
    response: messageAnswerSchema,
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/subscribes/unsubscribe',
    body: subscriptionLinkRequestSchema,
    response: messageAnswerSchema,
  },
  adminContactMessages: {
    method: 'GET',
    path: '/api/admin/contact-messages',
    query: pageQuerySchema,
    response: paginatedSchema(contactMessageSchema),
  },
  adminSubscribers: {
    method: 'GET',
    path: '/api/admin/subscribers',
    query: pageQuerySchema,
    response: paginatedSchema(subscriberSchema),
  },
  /** The ids of the accounts marked as partners (the admin users list shows a switch for each). */
  adminPartners: {
    method: 'GET',
    path: '/api/admin/partners',
    response: z.object({ data: z.array(z.number().int()) }),
  },
  adminSetPartner: {
    method: 'PUT',
    path: '/api/admin/users/:user/partner',
    body: z.strictObject({ is_partner: z.boolean() }),
    response: z.object({ data: adminPartnerSchema }),
  },
});

/** `api/sites/{site}/verify` answers any method (spec/000 §7); not a contract entry (no schema). */
export const SITE_VERIFY_PATH = '/api/sites/:site/verify';
/** The body it answers: this prefix, then the site's token. */
export const SITE_VERIFY_PREFIX = 'hostdeck-site-verification=';
