import {
  AGENT_VERSION,
  type AppInfo,
  type Locale,
  LOCALES,
  PHP_VERSIONS,
  SUPPORTED_UBUNTU_VERSIONS,
  type User,
} from '@hostdeck/contracts';
import { BACKUP_APP_INFO_DRIVES } from '@hostdeck/contracts/backups';
import { PLANS, planPriceCents } from '@hostdeck/contracts/plans';
import { VPS_PROVIDERS } from '@hostdeck/contracts/vps';

export interface AppInfoSettings {
  brand: string;
  agentFileOrigins: string[];
  /** APP_URL, or the address detected at start (config.ts). */
  appUrl: string;
  agentTerminalHost: string | null;
  salesEventEndsAt: string | null;
  usdRate: number;
  maxCommission: number;
  /** BILLING_ENABLED: without it there is no sales event to announce either. */
  billingEnabled: boolean;
  /** No MAIL_URL: mail waits in the outbox (mail/outbox.routes.ts). */
  mailOutbox: boolean;
  /** FREE_DOMAIN_ZONE when free subdomains are configured (docs/free-domains.md), else null. */
  freeDomainZone: string | null;
  /** Social sign-in providers with a client configured (docs/socialites.md). */
  socialProviders?: readonly ('github' | 'google')[];
  /** The SePay bank account (SEPAY_BANK_*), shown for bank-transfer top-ups; null when not set. */
  bank?: { bin: string; name: string; account: string; accountName: string } | null;
}

/** App info of spec/000 §3. Banks come from SEPAY_BANK_*; providers stay empty until they exist. */
export function buildAppInfo(
  settings: AppInfoSettings,
  locale: Locale,
  user: User | null,
  now: Date = new Date(),
): AppInfo {
  return {
    brand: settings.brand,
    locale: user?.locale ?? locale,
    locales: [...LOCALES],
    logo: null,
    agent_version: AGENT_VERSION,
    agent_terminal_host: settings.agentTerminalHost,
    agent_file_origin: settings.agentFileOrigins,
    app_url: settings.appUrl,
    max_commission: settings.maxCommission,
    // The plan catalogue once billing is on; the lifetime plan at its sales price during an event.
    plans: settings.billingEnabled
      ? PLANS.map((plan) => ({
          id: plan.id,
          name: plan.name,
          interval: plan.interval,
          price_cents: planPriceCents(plan, settings.salesEventEndsAt, now),
        }))
      : [],
    banks: settings.bank
      ? [
          {
            id: settings.bank.bin,
            name: settings.bank.name,
            bin: settings.bank.bin,
            account: settings.bank.account,
            account_name: settings.bank.accountName,
          },
        ]
      : [],
    phpVersions: [...PHP_VERSIONS],
    // The drive kinds (English names; the web shows them in the reader's language by id).
    backup_drives: BACKUP_APP_INFO_DRIVES.map((drive) => ({ ...drive })),
    ubuntu_versions: [...SUPPORTED_UBUNTU_VERSIONS],
    usd_rate: settings.usdRate,
    event_ends_at: settings.billingEnabled ? settings.salesEventEndsAt : null,
    user,
    // The providers a server can be created at (/user/vps, docs/vps.md): the three, always.
    vpsProviders: VPS_PROVIDERS.map(({ slug, name, logo, logo_bg, logo_color }) => ({
      slug,
      name,
      logo,
      logo_bg,
      logo_color,
    })),
    billing_enabled: settings.billingEnabled,
    mail_outbox: settings.mailOutbox,
    free_domain_zone: settings.freeDomainZone,
    social_providers: [...(settings.socialProviders ?? [])],
  };
}
