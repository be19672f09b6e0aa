import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { hasControlCharacters, LOCALES } from '@hostdeck/contracts';
import { DEFAULT_MTPROXY_DOWNLOAD_URL } from '@hostdeck/contracts/mtproxy';
import {
  SITE_APP_SOURCE_DEFAULTS,
  siteAppChecksumSchema,
  siteAppSourceSchema,
} from '@hostdeck/contracts/site-apps';
import { DEFAULT_N8N_NODE_URL } from '@hostdeck/contracts/n8n';
import { detectPrimaryAddress } from './primary-address.js';

/** An http:// or https:// URL (a provider's root). */
function httpUrl() {
  return z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL');
}

/**
 * The one configuration schema of the panel. Every variable is read here, and every missing or
 * invalid one is reported at once (CONVENTIONS.md) rather than failing on the first.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  APP_KEY: z
    .string()
    .regex(/^base64:[A-Za-z0-9+/]{43}=$/, 'must be "base64:" followed by 32 bytes in base64')
    .optional(),
  /**
   * The address people open the panel at. Links (mail, the deploy webhook, certificate renewal)
   * are built from it, never from a request's Host header, and websockets accept exactly its
   * origin (plus ALLOWED_ORIGINS). Unset: http://<this machine's primary IPv4 address>:PORT, and
   * websockets also accept http://localhost:PORT and http://127.0.0.1:PORT (issue 26: a panel
   * opened by its IP must work). Behind a domain or a proxy, set it (https://panel.example.com).
   */
  APP_URL: z.url().optional(),
  BRAND: z.string().min(1).max(40).default('HostDeck'),
  DEFAULT_LOCALE: z.enum(LOCALES).default('en'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Extra origins allowed for websockets and agent popups, comma-separated (exact origins). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** End of the current sales event (promo banner countdown, §2), ISO 8601. */
  SALES_EVENT_ENDS_AT: z.iso.datetime({ offset: true }).optional(),
  /**
   * Billing turned on by the operator: VIP-only features lock for servers that are not VIP and
   * the promo and upgrade banners show (spec/000 §2). Off by default: nothing is locked.
   */
  BILLING_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** VND per USD, for bank-transfer top-ups. */
  USD_RATE: z.coerce.number().positive().default(25000),
  /** Highest referral commission, in percent. */
  MAX_COMMISSION: z.coerce.number().min(0).max(100).default(0),
  /**
   * Card top-ups (docs/billing.md): Stripe's keys and webhook signing secret; the API root and the
   * Stripe.js address are settings so tests point them at a local fake. No secret key: no cards.
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: httpUrl().default('https://api.stripe.com'),
  STRIPE_JS_URL: httpUrl().default('https://js.stripe.com/v3/'),
  /** Bank-transfer top-ups through SePay (docs/billing.md): its webhook's API key and the account. */
  SEPAY_API_KEY: z.string().min(8).optional(),
  SEPAY_BANK_BIN: z
    .string()
    .regex(/^\d{6}$/, "must be the bank's six-digit BIN")
    .optional(),
  SEPAY_BANK_NAME: z.string().min(1).max(100).optional(),
  SEPAY_BANK_ACCOUNT: z
    .string()
    .regex(/^[0-9A-Za-z]{4,19}$/, 'must be 4 to 19 letters or digits')
    .optional(),
  SEPAY_BANK_ACCOUNT_NAME: z.string().min(1).max(70).optional(),
  /** Events run at the same time by this process, over all servers (one per server at most). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** A running event's lease: a worker that stops renewing it loses the event to the reaper. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
  /** Seconds between two monitoring checks of every server (docs/monitoring.md); 0 turns them off. */
  MONITORING_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Checks failing in a row before a server is reported unreachable. */
  MONITORING_UNREACHABLE_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** How long a server waits for the panel to reconnect before undoing a risky change (docs/safe-apply.md). */
  SAFE_APPLY_REVERT_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
  /**
   * Where servers download MTProxy (mtg, a maintained MTProto proxy: github.com/9seconds/mtg) from:
   * a release tarball `mtg-VERSION-linux-ARCH.tar.gz`, `{arch}` replaced by amd64 or arm64. A
   * mirror of your own when servers cannot reach GitHub (tests serve one from the host).
   */
  MTPROXY_DOWNLOAD_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default(DEFAULT_MTPROXY_DOWNLOAD_URL),
  /**
   * WordPress (docs/wordpress.md): where servers download WordPress (a tarball holding `wordpress/`)
   * and its SHA-256 (checked when set), and the plugin and theme directory's API root that
   * WordPress's own calls go to. Mirrors of your own when servers cannot reach wordpress.org.
   */
  WORDPRESS_DOWNLOAD_URL: httpUrl().default('https://wordpress.org/latest.tar.gz'),
  WORDPRESS_SHA256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hexadecimal digits')
    .optional(),
  WORDPRESS_API_URL: httpUrl().default('https://api.wordpress.org'),
  /**
   * Where servers fetch the site apps of the catalogue (issue 21 point 5, docs/site-apps.md): an npm
   * registry, a container registry host, ImunifyAV's installer. Tests point them at local mirrors.
   */
  SITE_APPS_NPM_REGISTRY: siteAppSourceSchema.default(SITE_APP_SOURCE_DEFAULTS.SITE_APPS_NPM_REGISTRY),
  SITE_APPS_IMAGE_REGISTRY: siteAppSourceSchema.default(SITE_APP_SOURCE_DEFAULTS.SITE_APPS_IMAGE_REGISTRY),
  SITE_APPS_IMUNIFYAV_INSTALLER_URL: siteAppSourceSchema.default(
    SITE_APP_SOURCE_DEFAULTS.SITE_APPS_IMUNIFYAV_INSTALLER_URL,
  ),
  /** The Node.js tarball the node apps run on (linux-x64, tar.gz; the same as n8n's by default). */
  SITE_APPS_NODE_URL: siteAppSourceSchema.default(SITE_APP_SOURCE_DEFAULTS.SITE_APPS_NODE_URL),
  /** Pins the SHA-256 of ImunifyAV's installer (empty: not checked; CloudLinux replaces it in place). */
  SITE_APPS_IMUNIFYAV_INSTALLER_SHA256: siteAppChecksumSchema.default(''),
  /**
   * n8n on a site (docs/n8n.md): the Node.js 20 tarball (linux-x64, tar.gz) servers download, and
   * the npm registry n8n comes from. Mirrors of your own when servers cannot reach them (tests
   * serve both from the host).
   */
  N8N_NODE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default(DEFAULT_N8N_NODE_URL),
  N8N_NPM_REGISTRY: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://registry.npmjs.org/'),
  /** The DNS providers' API roots (issue 19, docs/dns-providers.md): tests point them at a local fake. */
  CLOUDFLARE_API_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://api.cloudflare.com/client/v4'),
  DIGITALOCEAN_API_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://api.digitalocean.com/v2'),
  /**
   * The VPS providers' API roots (issue 23, docs/vps.md; DigitalOcean's is DIGITALOCEAN_API_URL):
   * tests point them at a local fake.
   */
  HETZNER_API_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://api.hetzner.cloud/v1'),
  VULTR_API_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://api.vultr.com/v2'),
  /** How often a server being created at a provider is looked at again, and how long it may take. */
  VPS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  VPS_BOOT_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  /**
   * The git providers (issue 21, docs/git-providers.md): their OAuth applications (client id and
   * secret, made by the operator; a provider without them cannot be connected) and their web and
   * API roots, which tests point at a local fake.
   */
  /**
   * Social sign-in (issue 23 point 2, docs/socialites.md): the operator's GitHub OAuth app for
   * sign-in (its roots are GITHUB_OAUTH_URL and GITHUB_API_URL) and Google's OIDC client, with the
   * issuer whose discovery document is read (tests point it at a local OIDC server).
   */
  GITHUB_LOGIN_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  GITHUB_LOGIN_CLIENT_SECRET: z.string().trim().min(1).max(255).optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).max(255).optional(),
  GOOGLE_ISSUER_URL: httpUrl().default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  GITHUB_CLIENT_SECRET: z.string().trim().min(1).max(255).optional(),
  GITHUB_OAUTH_URL: httpUrl().default('https://github.com'),
  GITHUB_API_URL: httpUrl().default('https://api.github.com'),
  GITLAB_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  GITLAB_CLIENT_SECRET: z.string().trim().min(1).max(255).optional(),
  GITLAB_OAUTH_URL: httpUrl().default('https://gitlab.com'),
  GITLAB_API_URL: httpUrl().default('https://gitlab.com/api/v4'),
  BITBUCKET_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  BITBUCKET_CLIENT_SECRET: z.string().trim().min(1).max(255).optional(),
  BITBUCKET_OAUTH_URL: httpUrl().default('https://bitbucket.org'),
  BITBUCKET_API_URL: httpUrl().default('https://api.bitbucket.org/2.0'),
  /**
   * Free subdomains (issue 19, docs/free-domains.md): the zone `{generated}.{zone}` names are made
   * in, and the id of the operator's DNS credential that holds it. Both or neither; without them the
   * site form hides its free-domain toggle.
   */
  FREE_DOMAIN_ZONE: z.string().trim().toLowerCase().min(1).optional(),
  FREE_DOMAIN_CREDENTIAL: z.coerce.number().int().positive().optional(),
  /**
   * Outgoing mail: an smtp:// or smtps:// URL (user and password in it when the server needs
   * them). Without it mail is kept in the mail_outbox table (see mail/mailer.ts).
   */
  MAIL_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /**
   * The panel's administrators (docs/scripts.md): email addresses, comma separated. Unset or
   * empty: the first registered user (the lowest user id) is the administrator.
   */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    )
    .pipe(z.array(z.email('must be email addresses, comma separated'))),
  /** Sender of the panel's mail; defaults to `${BRAND} <no-reply@localhost>`. */
  MAIL_FROM: z
    .string()
    .min(1)
    .max(255)
    .refine((value) => !hasControlCharacters(value), 'must not contain control characters')
    .optional(),
  /** The ACME CA that issues free certificates (sites' SSL); Let's Encrypt production by default. */
  /**
   * Notifications (docs/alerts.md): the Telegram bot's token, the secret Telegram sends back in
   * X-Telegram-Bot-Api-Secret-Token on every webhook call, its API root (tests run a fake), and its
   * @username for the link the settings page shows.
   */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .regex(/^\d+:[\w-]+$/, 'must be a bot token (123456:ABC…)')
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^[\w-]{16,256}$/, 'must be 16–256 of A-Z a-z 0-9 _ -')
    .optional(),
  TELEGRAM_API_URL: httpUrl().default('https://api.telegram.org'),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .trim()
    .regex(/^\w{3,64}$/)
    .optional(),
  /**
   * Hosts the outbound fetch (outbound/safe-fetch.ts) may reach although they resolve to loopback
   * or private addresses. For tests only (a receiver on 127.0.0.1); production never sets it.
   */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** How often the panel reads its cron jobs' last runs for `cron.failed` (schedules/schedule-failures.ts). */
  ALERTS_CRON_CHECK_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** How many days before expiry the daily check alerts about a certificate. */
  ALERTS_CERTIFICATE_DAYS: z.coerce.number().int().min(1).max(60).default(14),
  ACME_DIRECTORY_URL: z.url().default('https://acme-v02.api.letsencrypt.org/directory'),
  /** A PEM file of extra CAs to trust for the ACME server's own TLS (a test CA such as pebble). */
  ACME_CA_BUNDLE: z.string().min(1).optional(),
  /** Contact address given to the ACME CA for expiry notices; none when unset. */
  ACME_EMAIL: z.email().optional(),
  /**
   * What is checked before a free certificate is requested (certificates/certificate-name-check.ts):
   * `public` (a public name that resolves to the site's server), `resolve` (only the latter) or
   * `off`. Unset: `public`, or `off` for an ACME server on a loopback or private address.
   */
  ACME_NAME_CHECK: z.enum(['public', 'resolve', 'off']).optional(),
  /** The DNS server (`ip` or `ip:port`, `[ipv6]:port`) for that check; the system's when unset. */
  ACME_DNS_RESOLVER: z
    .string()
    .refine(isDnsServerAddress, 'must be an IP address, optionally with a port (127.0.0.1:53, [::1]:53)')
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  appKey: Buffer;
  appUrl: string;
  /** Where appUrl came from: APP_URL, this machine's primary address, or localhost as a last resort. */
  appUrlSource: 'configured' | 'detected' | 'localhost';
  brand: string;
  defaultLocale: (typeof LOCALES)[number];
  logLevel: string;
  webDistDir: string;
  allowedOrigins: string[];
  trustProxy: boolean;
  salesEventEndsAt: string | null;
  billingEnabled: boolean;
  usdRate: number;
  maxCommission: number;
  /** Card payments (null without STRIPE_SECRET_KEY); the API and Stripe.js addresses always. */
  stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    apiUrl: string;
    jsUrl: string;
  };
  /** SePay's webhook key (null: the webhook refuses everything) and the bank shown for transfers. */
  sepay: {
    apiKey: string | null;
    bank: { bin: string; name: string; account: string; accountName: string } | null;
  };
  jobConcurrency: number;
  jobLeaseMs: number;
  /** The revert delay of firewall, sshd and Fail2Ban changes (docs/safe-apply.md). */
  safeApplyRevertSeconds: number;
  /** Monitoring's checks (monitoring/monitoring.schedule.ts); intervalMs 0: off. */
  monitoring: { intervalMs: number; unreachableFailures: number };
  mtproxyDownloadUrl: string;
  wordpress: { downloadUrl: string; sha256: string | null; apiUrl: string };
  /** Where servers fetch the catalogue's apps, by setting name (contracts SITE_APP_TEMPLATES). */
  siteAppSources: Record<keyof typeof SITE_APP_SOURCE_DEFAULTS, string>;
  /** SHA-256 pins of the catalogue's installers, by setting name (empty: the template's). */
  siteAppChecksums: { SITE_APPS_IMUNIFYAV_INSTALLER_SHA256: string };
  /** n8n's sources (docs/n8n.md). */
  n8nNodeUrl: string;
  n8nNpmRegistry: string;
  dnsProviderUrls: { cloudflare: string; digitalocean: string };
  /** The VPS providers' API roots and the creation's pace (docs/vps.md). */
  vps: {
    urls: { hetzner: string; digitalocean: string; vultr: string };
    pollIntervalMs: number;
    bootTimeoutSeconds: number;
  };
  /** The git providers' OAuth applications (null without one) and roots (docs/git-providers.md). */
  gitProviders: Record<'github' | 'gitlab' | 'bitbucket', GitProviderConfig>;
  /** Social sign-in's providers; a client null turns the provider off (docs/socialites.md). */
  socialites: {
    github: { oauthUrl: string; apiUrl: string; client: { id: string; secret: string } | null };
    google: { issuerUrl: string; client: { id: string; secret: string } | null };
  };
  /** Free subdomains: the zone and the operator's DNS credential, or null when not configured. */
  freeDomain: { zone: string; credentialId: number } | null;
  mailUrl: string | undefined;
  mailFrom: string;
  /** ADMIN_EMAILS, lowercase; empty: the first registered user is the administrator. */
  adminEmails: readonly string[];
  /**
   * Whether the outbox page (GET api/dev/outbox, registered whenever MAIL_URL is absent) lists every
   * kept mail to anyone: only in development and test. Otherwise it shows a signed-in user their own
   * mail only (mail/outbox.routes.ts).
   */
  devOutbox: boolean;
  /** Notifications (docs/alerts.md); telegram null without TELEGRAM_BOT_TOKEN. */
  alerts: {
    telegram: {
      token: string;
      webhookSecret: string | null;
      apiUrl: string;
      botUsername: string | null;
    } | null;
    outboundAllowHosts: readonly string[];
    certificateDays: number;
    cronCheckMs: number;
  };
  /** Free certificates (certificates/acme-account.ts). */
  acme: {
    directoryUrl: string;
    caBundle: string | undefined;
    email: string | undefined;
    nameCheck: 'public' | 'resolve' | 'off' | undefined;
    dnsResolver: string | undefined;
  };
}

export interface GitProviderConfig {
  oauthUrl: string;
  apiUrl: string;
  client: { id: string; secret: string } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const APP_KEY_FILE = 'app.key';

export function loadConfig(
  environment: NodeJS.ProcessEnv,
  options: {
    repositoryRoot: string;
    generateAppKey?: boolean;
    /** This machine's primary address (config/primary-address.ts); injected by tests. */
    primaryAddress?: () => string | null;
  },
): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const appKey = values.APP_KEY
    ? decodeAppKey(values.APP_KEY)
    : readOrCreateAppKey(dataDir, options.generateAppKey ?? true);
  const address = values.APP_URL
    ? null
    : listeningAddress(values.HOST, options.primaryAddress ?? detectPrimaryAddress);
  // Origins as browsers send them (no :80).
  const originOf = (host: string) => new URL(`http://${host}:${values.PORT}`).origin;
  const local = [originOf('localhost'), originOf('127.0.0.1')];
  const appUrl = (values.APP_URL ?? (address ? originOf(address) : local[0]!)).replace(/\/+$/, '');
  const allowedOrigins = [
    new URL(appUrl).origin,
    // Without APP_URL the panel is opened by its address or, on the machine itself, by localhost.
    ...(values.APP_URL ? [] : local),
    ...values.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ];
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    appKey,
    appUrl,
    appUrlSource: values.APP_URL ? 'configured' : address ? 'detected' : 'localhost',
    brand: values.BRAND,
    defaultLocale: values.DEFAULT_LOCALE,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(options.repositoryRoot, 'apps/web/dist')),
    allowedOrigins: [...new Set(allowedOrigins)],
    trustProxy: values.TRUST_PROXY,
    salesEventEndsAt: values.SALES_EVENT_ENDS_AT ?? null,
    billingEnabled: values.BILLING_ENABLED,
    usdRate: values.USD_RATE,
    maxCommission: values.MAX_COMMISSION,
    stripe: {
      secretKey: values.STRIPE_SECRET_KEY ?? null,
      publishableKey: values.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: values.STRIPE_WEBHOOK_SECRET ?? null,
      apiUrl: values.STRIPE_API_URL.replace(/\/+$/, ''),
      jsUrl: values.STRIPE_JS_URL,
    },
    sepay: {
      apiKey: values.SEPAY_API_KEY ?? null,
      bank:
        values.SEPAY_BANK_BIN && values.SEPAY_BANK_ACCOUNT
          ? {
              bin: values.SEPAY_BANK_BIN,
              name: values.SEPAY_BANK_NAME ?? values.SEPAY_BANK_BIN,
              account: values.SEPAY_BANK_ACCOUNT,
              accountName: values.SEPAY_BANK_ACCOUNT_NAME ?? '',
            }
          : null,
    },
    jobConcurrency: values.JOB_CONCURRENCY,
    jobLeaseMs: values.JOB_LEASE_SECONDS * 1000,
    safeApplyRevertSeconds: values.SAFE_APPLY_REVERT_SECONDS,
    monitoring: {
      intervalMs: values.MONITORING_INTERVAL_SECONDS * 1000,
      unreachableFailures: values.MONITORING_UNREACHABLE_FAILURES,
    },
    mtproxyDownloadUrl: values.MTPROXY_DOWNLOAD_URL,
    wordpress: {
      downloadUrl: values.WORDPRESS_DOWNLOAD_URL,
      sha256: values.WORDPRESS_SHA256 ?? null,
      apiUrl: values.WORDPRESS_API_URL.replace(/\/+$/, ''),
    },
    siteAppSources: {
      SITE_APPS_NPM_REGISTRY: values.SITE_APPS_NPM_REGISTRY,
      SITE_APPS_IMAGE_REGISTRY: values.SITE_APPS_IMAGE_REGISTRY,
      SITE_APPS_IMUNIFYAV_INSTALLER_URL: values.SITE_APPS_IMUNIFYAV_INSTALLER_URL,
      SITE_APPS_NODE_URL: values.SITE_APPS_NODE_URL,
    },
    siteAppChecksums: {
      SITE_APPS_IMUNIFYAV_INSTALLER_SHA256: values.SITE_APPS_IMUNIFYAV_INSTALLER_SHA256,
    },
    n8nNodeUrl: values.N8N_NODE_URL,
    n8nNpmRegistry: values.N8N_NPM_REGISTRY,
    dnsProviderUrls: { cloudflare: values.CLOUDFLARE_API_URL, digitalocean: values.DIGITALOCEAN_API_URL },
    vps: {
      urls: {
        hetzner: values.HETZNER_API_URL,
        digitalocean: values.DIGITALOCEAN_API_URL,
        vultr: values.VULTR_API_URL,
      },
      pollIntervalMs: values.VPS_POLL_INTERVAL_MS,
      bootTimeoutSeconds: values.VPS_BOOT_TIMEOUT_SECONDS,
    },
    gitProviders: {
      github: gitProvider(
        values.GITHUB_OAUTH_URL,
        values.GITHUB_API_URL,
        values.GITHUB_CLIENT_ID,
        values.GITHUB_CLIENT_SECRET,
      ),
      gitlab: gitProvider(
        values.GITLAB_OAUTH_URL,
        values.GITLAB_API_URL,
        values.GITLAB_CLIENT_ID,
        values.GITLAB_CLIENT_SECRET,
      ),
      bitbucket: gitProvider(
        values.BITBUCKET_OAUTH_URL,
        values.BITBUCKET_API_URL,
        values.BITBUCKET_CLIENT_ID,
        values.BITBUCKET_CLIENT_SECRET,
      ),
    },
    socialites: {
      github: gitProvider(
        values.GITHUB_OAUTH_URL,
        values.GITHUB_API_URL,
        values.GITHUB_LOGIN_CLIENT_ID,
        values.GITHUB_LOGIN_CLIENT_SECRET,
      ),
      google: {
        issuerUrl: values.GOOGLE_ISSUER_URL,
        client:
          values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
            ? { id: values.GOOGLE_CLIENT_ID, secret: values.GOOGLE_CLIENT_SECRET }
            : null,
      },
    },
    freeDomain:
      values.FREE_DOMAIN_ZONE && values.FREE_DOMAIN_CREDENTIAL
        ? { zone: values.FREE_DOMAIN_ZONE, credentialId: values.FREE_DOMAIN_CREDENTIAL }
        : null,
    mailUrl: values.MAIL_URL,
    mailFrom: values.MAIL_FROM ?? `${values.BRAND} <no-reply@localhost>`,
    adminEmails: values.ADMIN_EMAILS,
    devOutbox: values.NODE_ENV !== 'production' && values.MAIL_URL === undefined,
    alerts: {
      telegram: values.TELEGRAM_BOT_TOKEN
        ? {
            token: values.TELEGRAM_BOT_TOKEN,
            webhookSecret: values.TELEGRAM_WEBHOOK_SECRET ?? null,
            apiUrl: values.TELEGRAM_API_URL.replace(/\/+$/, ''),
            botUsername: values.TELEGRAM_BOT_USERNAME ?? null,
          }
        : null,
      outboundAllowHosts: values.OUTBOUND_ALLOW_HOSTS,
      certificateDays: values.ALERTS_CERTIFICATE_DAYS,
      cronCheckMs: values.ALERTS_CRON_CHECK_SECONDS * 1000,
    },
    acme: {
      directoryUrl: values.ACME_DIRECTORY_URL,
      caBundle: values.ACME_CA_BUNDLE,
      email: values.ACME_EMAIL,
      nameCheck: values.ACME_NAME_CHECK,
      dnsResolver: values.ACME_DNS_RESOLVER,
    },
  };
}

function gitProvider(
  oauthUrl: string,
  apiUrl: string,
  clientId: string | undefined,
  clientSecret: string | undefined,
): GitProviderConfig {
  return {
    oauthUrl,
    apiUrl,
    client: clientId && clientSecret ? { id: clientId, secret: clientSecret } : null,
  };
}

/** The address others reach the panel at, by HOST: every address (the primary one), loopback only (none), or that one. */
function listeningAddress(host: string, primaryAddress: () => string | null): string | null {
  if (host === '0.0.0.0' || host === '::') return primaryAddress();
  if (host === 'localhost' || host === '::1' || host.startsWith('127.')) return null;
  return host.includes(':') ? `[${host}]` : host;
}

/** `ip`, `ipv4:port` or `[ipv6]:port`, as node:dns `setServers` takes them. */
function isDnsServerAddress(value: string): boolean {
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(value);
  if (bracketed) return isIP(bracketed[1]!) === 6 && Number(bracketed[2]) <= 65535;
  const withPort = /^([\d.]+):(\d{1,5})$/.exec(value);
  if (withPort) return isIP(withPort[1]!) === 4 && Number(withPort[2]) <= 65535;
  return isIP(value) !== 0;
}

function decodeAppKey(value: string): Buffer {
  return Buffer.from(value.slice('base64:'.length), 'base64');
}

/** APP_KEY is generated on first start and kept beside the data, readable by the owner only. */
function readOrCreateAppKey(dataDir: string, generate: boolean): Buffer {
  const file = path.join(dataDir, APP_KEY_FILE);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const key = readFileSync(file, 'utf8').trim();
    if (!/^base64:[A-Za-z0-9+/]{43}=$/.test(key)) throw new ConfigError([`${file}: not a valid APP_KEY`]);
    return decodeAppKey(key);
  }
  if (!generate) throw new ConfigError(['APP_KEY: missing and not allowed to generate one']);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // 'wx' refuses to overwrite a key another process wrote in the meantime.
  writeFileSync(file, `base64:${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
