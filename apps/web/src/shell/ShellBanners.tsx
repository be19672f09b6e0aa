import { useLocation } from 'react-router';
import { useAppInfo } from '../api/use-app-info';
import { parseEventEnd } from './countdown';
import { OriginBanner } from './OriginBanner';
import { PromoBanner } from './PromoBanner';
import { BILLING_PATH } from './shell-routes';
import { VerifyEmailBanner } from './VerifyEmailBanner';

/**
 * The banners above the page (spec/000 §2): the sales promo for unpaid users while an event
 * runs (not on billing itself), and the email-verification banner for unverified users. First, a
 * panel opened at an address its websockets refuse says so (issue 26).
 */
export function ShellBanners() {
  const { data } = useAppInfo();
  const { pathname } = useLocation();
  const user = data?.user;
  if (!user) return null;
  const eventEnd = parseEventEnd(data.event_ends_at);
  // A past end hides the banner inside PromoBanner, whose countdown is at zero.
  const promo = !user.isPaidUser && eventEnd !== null && pathname !== BILLING_PATH;
  return (
    <>
      <OriginBanner />
      {promo && <PromoBanner key={eventEnd} endsAt={eventEnd} />}
      {!user.email_verified && <VerifyEmailBanner />}
    </>
  );
}
