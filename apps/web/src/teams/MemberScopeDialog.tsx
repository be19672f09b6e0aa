import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team } from '@hostdeck/contracts';
import { handleApiError, notifySuccess } from '../api/error-handling';
import { changeMemberRole } from './teams-api';

type Member = Team['users'][number];

/** "All shared servers", or how many servers and sites the member is limited to. */
export function ScopeSummary({ member }: { member: Member }) {
  const { t } = useTranslation();
  if (member.servers.length === 0 && member.sites.length === 0) return t('teams.scope.summaryAll');
  return t('teams.scope.summaryLimited', { servers: member.servers.length, sites: member.sites.length });
}

/**
 * Limits a member to chosen servers (whole) and sites of the team's shared servers, or lifts the
 * limit (issue 22 point 2; PUT api/teams/{team}/members/{user} with `servers` and `sites`, both
 * empty: every shared server). The member keeps their role.
 */
export function MemberScopeDialog({
  team,
  member,
  onClose,
  onSaved,
}: {
  team: Team;
  member: Member;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [limited, setLimited] = useState(member.servers.length > 0 || member.sites.length > 0);
  const [servers, setServers] = useState(() => new Set(member.servers));
  const [sites, setSites] = useState(() => new Set(member.sites));
  const toggle = (set: Set<number>, id: number, update: (next: Set<number>) => void) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };
  const save = useMutation({
    mutationFn: async () => {
      const shared = new Set(team.servers.map((server) => server.id));
      const siteIds = new Set(team.servers.flatMap((server) => server.sites.map((site) => site.id)));
      await changeMemberRole(
        team.id,
        member.id,
        member.role,
        limited
          ? {
              servers: [...servers].filter((id) => shared.has(id)),
              sites: [...sites].filter((id) => siteIds.has(id)),
            }
          : { servers: [], sites: [] },
      );
      await onSaved();
    },
    onSuccess: () => {
      notifySuccess();
      onClose();
    },
    meta: { handleErrors: false },
    onError: handleApiError,
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="team-scope-dialog">
      <DialogTitle>{t('teams.scope.title', { name: member.name })}</DialogTitle>
      <DialogContent>
        <RadioGroup
          value={limited ? 'limited' : 'all'}
          onChange={(event) => setLimited(event.target.value === 'limited')}
        >
          <FormControlLabel
            value="all"
            control={<Radio />}
            label={t('teams.scope.all')}
            data-testid="team-scope-all"
          />
          <FormControlLabel
            value="limited"
            control={<Radio />}
            label={t('teams.scope.limited')}
            data-testid="team-scope-limited"
          />
        </RadioGroup>
        {limited && team.servers.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('teams.scope.noServers')}
          </Typography>
        ) : null}
        {limited
          ? team.servers.map((server) => {
              const whole = servers.has(server.id);
              return (
                <Box key={server.id} sx={{ pl: 2 }} data-testid="team-scope-server" data-server={server.id}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={whole}
                        onChange={() => toggle(servers, server.id, setServers)}
                        slotProps={{ input: { 'aria-label': server.name } }}
                        data-testid="team-scope-server-check"
                      />
                    }
                    label={`${server.name} · ${t('teams.scope.wholeServer')}`}
                  />
                  <Box sx={{ pl: 4, display: 'flex', flexDirection: 'column' }}>
                    {server.sites.map((site) => (
                      <FormControlLabel
                        key={site.id}
                        control={
                          <Checkbox
                            size="small"
                            checked={whole || sites.has(site.id)}
                            disabled={whole}
                            onChange={() => toggle(sites, site.id, setSites)}
                            data-testid="team-scope-site-check"
                          />
                        }
                        label={site.name}
                      />
                    ))}
                  </Box>
                </Box>
              );
            })
          : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teams.sharing.done')}</Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="team-scope-save"
        >
          {t('teams.scope.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
