import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ipSchema, type SiteDetail } from '@hostdeck/contracts';
import { splitAliasText } from '../create/alias-chips';
import { setSiteBindings } from '../site-api';
import { siteSchemaMessage } from '../site-messages';
import type { SiteActions } from '../use-site-actions';
import { SiteCard } from '../show/SiteCard';

/**
 * The addresses the vhost listens on (POST bindings): chips of IPv4/IPv6 addresses; none means
 * every address of the server.
 */
export function BindingsCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  const [ips, setIps] = useState<string[]>(site.bindings);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = actions.isRunning('bindings');
  const saved = site.bindings.join(',');
  // The addresses as saved on the panel (after the event) replace the edited list.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setIps(site.bindings);
  }

  function add(candidates: string[]) {
    const next = [...ips];
    for (const candidate of candidates.map((value) => value.trim()).filter(Boolean)) {
      const problem = siteSchemaMessage(t, ipSchema, candidate);
      if (problem) {
        setError(`${candidate}: ${problem}`);
        setText(candidate);
        setIps(next);
        return;
      }
      if (!next.includes(candidate)) next.push(candidate);
    }
    setIps(next);
    setText('');
    setError(null);
  }

  return (
    <SiteCard
      title={t('sites.settings.bindings.title')}
      description={t('sites.settings.bindings.description')}
      testId="site-bindings-card"
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="site-bindings">
        {ips.length === 0 ? (
          <Chip size="small" label={t('sites.settings.bindings.all')} />
        ) : (
          ips.map((ip) => (
            <Chip
              key={ip}
              size="small"
              label={ip}
              onDelete={busy ? undefined : () => setIps(ips.filter((other) => other !== ip))}
              data-testid="site-binding"
            />
          ))
        )}
      </Stack>
      <TextField
        name="ips"
        size="small"
        label={t('sites.settings.bindings.add')}
        value={text}
        onChange={(event) => {
          setError(null);
          const { complete, rest } = splitAliasText(event.target.value);
          if (complete.length > 0) {
            add(complete);
            if (rest) setText(rest);
          } else setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add([text]);
          }
        }}
        error={error !== null}
        helperText={error ?? t('sites.settings.bindings.hint')}
        disabled={busy}
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'site-binding-input', spellCheck: false } }}
      />
      <Stack direction="row">
        <Button
          variant="outlined"
          loading={busy}
          disabled={ips.join(',') === saved || text.trim() !== ''}
          onClick={() => void actions.start('bindings', () => setSiteBindings(site.id, ips))}
          data-testid="site-bindings-save"
        >
          {t('sites.show.save')}
        </Button>
      </Stack>
    </SiteCard>
  );
}
