import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../api/error-handling';
import { PagedList } from '../components/PagedList';
import { registerPartnerCatalogues } from './catalogue';
import {
  contactMessagesQuery,
  PARTNER_QUERY_KEY,
  partnersQuery,
  setPartner,
  subscribersQuery,
} from './partner-api';

import type en from './locales/en.json';

registerPartnerCatalogues();

declare module '../i18n/section-catalogues' {
  interface SectionCatalogues {
    partner: typeof en;
  }
}

/** The admin tabs this area adds (AdminPage): contact messages and newsletter subscribers. */
export const PARTNER_ADMIN_TABS = ['contact', 'subscribers'] as const;
export type PartnerAdminTab = (typeof PARTNER_ADMIN_TABS)[number];

export function PartnerAdminTabContent({ tab }: { tab: PartnerAdminTab }) {
  return tab === 'contact' ? <ContactMessagesTab /> : <SubscribersTab />;
}

function ContactMessagesTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(contactMessagesQuery(page));
  return (
    <PagedList
      query={query}
      failureTitle={t('partner.loadFailed')}
      empty={t('partner.contact.empty')}
      onPage={setPage}
    >
      {(messages) => (
        <Table size="small" data-testid="admin-contact-messages">
          <TableHead>
            <TableRow>
              <TableCell>{t('partner.contact.from')}</TableCell>
              <TableCell>{t('partner.contact.subject')}</TableCell>
              <TableCell>{t('partner.contact.message')}</TableCell>
              <TableCell>{t('partner.contact.language')}</TableCell>
              <TableCell>{t('partner.contact.received')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {messages.map((message) => (
              <TableRow key={message.id}>
                <TableCell>
                  {message.name} ({message.email})
                </TableCell>
                <TableCell>{message.subject}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 480 }}>{message.message}</TableCell>
                <TableCell>{message.locale}</TableCell>
                <TableCell>{new Date(message.created_at).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PagedList>
  );
}

function SubscribersTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(subscribersQuery(page));
  return (
    <PagedList
      query={query}
      failureTitle={t('partner.loadFailed')}
      empty={t('partner.subscribers.empty')}
      onPage={setPage}
    >
      {(subscribers) => (
        <Table size="small" data-testid="admin-subscribers">
          <TableHead>
            <TableRow>
              <TableCell>{t('partner.subscribers.email')}</TableCell>
              <TableCell>{t('partner.subscribers.language')}</TableCell>
              <TableCell>{t('partner.subscribers.status')}</TableCell>
              <TableCell>{t('partner.subscribers.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {subscribers.map((subscriber) => (
              <TableRow key={subscriber.id}>
                <TableCell>{subscriber.email}</TableCell>
                <TableCell>{subscriber.locale}</TableCell>
                <TableCell>
                  {t(
                    subscriber.unsubscribed_at
                      ? 'partner.subscribers.unsubscribed'
                      : subscriber.confirmed_at
                        ? 'partner.subscribers.confirmed'
                        : 'partner.subscribers.pending',
                  )}
                </TableCell>
                <TableCell>{new Date(subscriber.created_at).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PagedList>
  );
}

/** The users list's "Partner" column heading. */
export function PartnerColumnHeading() {
  const { t } = useTranslation();
  return <TableCell>{t('partner.column')}</TableCell>;
}

/** The switch that marks an account as a partner (audited by the API like every change). */
export function PartnerSwitchCell({ user }: { user: { id: number; email: string } }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const partners = useQuery(partnersQuery());
  const [busy, setBusy] = useState(false);
  const checked = partners.data?.data.includes(user.id) ?? false;
  return (
    <TableCell>
      <Switch
        size="small"
        checked={checked}
        disabled={busy || partners.isPending}
        slotProps={{ input: { 'aria-label': t('partner.toggle') } }}
        data-testid={`admin-partner-${user.id}`}
        onChange={async (_event, value) => {
          setBusy(true);
          try {
            await setPartner(user.id, value);
            notifySuccess(t(value ? 'partner.enabled' : 'partner.disabled', { email: user.email }));
            await queryClient.invalidateQueries({ queryKey: PARTNER_QUERY_KEY });
          } finally {
            setBusy(false);
          }
        }}
      />
    </TableCell>
  );
}
