import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { messageAnswerSchema, partnerRoutes } from '@hostdeck/contracts/partner';
import { apiRequest } from '../api/client';
import { readVerificationToken } from '../accounts/hash-params';
import { AuthCard } from '../accounts/components/AuthCard';
import { registerPartnerCatalogues } from './catalogue';

registerPartnerCatalogues();

/**
 * `/subscribe/confirm#token=…` and `/subscribe/unsubscribe#token=…`, the links of the newsletter
 * mail (docs/partner-api.md): posts the token once and shows the API's answer, in the reader's
 * language.
 */
export function SubscriptionLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [token] = useState(() => readVerificationToken(location.hash));
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(token === null);
  // Development runs effects twice; the link must be posted once.
  const posted = useRef(false);

  useEffect(() => {
    if (token === null || posted.current) return;
    posted.current = true;
    const route = action === 'confirm' ? partnerRoutes.confirmSubscription : partnerRoutes.unsubscribe;
    apiRequest('POST', route.path, { token })
      .then((answer) => setMessage(messageAnswerSchema.parse(answer).message))
      .catch(() => setFailed(true));
  }, [token, action]);

  return (
    <AuthCard title={t('partner.newsletter.title')}>
      <Stack spacing={2} sx={{ textAlign: 'center' }}>
        <Typography
          role="status"
          data-testid="subscription-link-status"
          data-state={failed ? 'failure' : message ? 'success' : 'pending'}
        >
          {failed ? t('partner.newsletter.badLink') : (message ?? t('partner.newsletter.pending'))}
        </Typography>
      </Stack>
    </AuthCard>
  );
}

export function ConfirmSubscriptionPage() {
  return <SubscriptionLinkPage action="confirm" />;
}

export function UnsubscribePage() {
  return <SubscriptionLinkPage action="unsubscribe" />;
}
