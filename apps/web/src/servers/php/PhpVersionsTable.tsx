import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PhpVersionItem as PhpVersion } from '@hostdeck/contracts/php';
import { routePath } from '../../app/route-names';
import { NotAvailable } from '../ServerBadges';

export type PhpRowAction = 'setDefault' | 'setCli' | 'settings' | 'remove';

const FPM_COLORS = { active: 'success', failed: 'error', inactive: 'default' } as const;

/** The installed versions: FPM state, the sites using each (links), default and CLI badges, actions. */
export function PhpVersionsTable({
  versions,
  selected,
  isBusy,
  onAction,
}: {
  versions: readonly PhpVersion[];
  selected: string | null;
  isBusy: (version: PhpVersion) => boolean;
  onAction: (version: PhpVersion, action: PhpRowAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="php-versions-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('php.columns.version')}</TableCell>
            <TableCell>{t('php.columns.fpm')}</TableCell>
            <TableCell>{t('php.columns.sites')}</TableCell>
            <TableCell align="right">{t('php.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((version) => {
            const busy = isBusy(version);
            const fpmKey = version.fpm in FPM_COLORS ? (version.fpm as keyof typeof FPM_COLORS) : null;
            return (
              <TableRow
                key={version.version}
                hover
                selected={selected === version.version}
                data-testid="php-version-row"
                data-version={version.version}
                data-fpm={version.fpm}
                data-default={version.is_default}
                data-cli={version.is_cli}
                data-busy={busy}
              >
                <TableCell>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      PHP {version.version}
                    </Typography>
                    {version.is_default && (
                      <Tooltip title={t('php.badges.defaultHint')}>
                        <Chip
                          size="small"
                          color="primary"
                          label={t('php.badges.default')}
                          data-testid="php-default-badge"
                        />
                      </Tooltip>
                    )}
                    {version.is_cli && (
                      <Tooltip title={t('php.badges.cliHint')}>
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t('php.badges.cli')}
                          data-testid="php-cli-badge"
                        />
                      </Tooltip>
                    )}
                    {busy && <CircularProgress size={16} aria-label={t('php.working')} />}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={fpmKey ? FPM_COLORS[fpmKey] : 'default'}
                    label={t(fpmKey ? `php.fpm.${fpmKey}` : 'php.fpm.unknown')}
                    data-testid="php-fpm-state"
                  />
                </TableCell>
                <TableCell data-testid="php-version-sites">
                  {version.sites.length === 0 ? (
                    <NotAvailable />
                  ) : (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
                      {version.sites.map((site) => (
                        <Link
                          key={site.id}
                          component={RouterLink}
                          to={routePath('sites.show', { site: site.id })}
                          data-testid="php-version-site"
                        >
                          {site.name}
                        </Link>
                      ))}
                    </Stack>
                  )}
                </TableCell>
                <TableCell align="right">
                  <Stack
                    direction="row"
                    spacing={0.5}
                    sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Button
                      size="small"
                      onClick={() => onAction(version, 'settings')}
                      data-testid="php-version-settings"
                    >
                      {t('php.actions.settings')}
                    </Button>
                    {!version.is_default && (
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => onAction(version, 'setDefault')}
                        data-testid="php-version-set-default"
                      >
                        {t('php.actions.setDefault')}
                      </Button>
                    )}
                    {!version.is_cli && (
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => onAction(version, 'setCli')}
                        data-testid="php-version-set-cli"
                      >
                        {t('php.actions.setCli')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => onAction(version, 'remove')}
                      data-testid="php-version-remove"
                    >
                      {t('php.actions.remove')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
