import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WIDTHS } from '@hostdeck/contracts';
import { SearchDialogContent } from './SearchDialogContent';
import {
  INITIAL_SEARCH_STATE,
  chosenIndex,
  isSearchShortcut,
  searchReducer,
  shortcutHint,
} from './search-keyboard';
import { flattenGroups, searchGroups, type SearchItem } from './search-model';
import { useSearchFavorites } from './search-favorites';
import { useSearchItems } from './use-search-items';

/**
 * Global search of spec/000 §2, shown in the top bar for signed-in users: a search-field button
 * with the Ctrl K / ⌘K hint from the small breakpoint up (an icon below it), and Cmd/Ctrl+K.
 * Groups Servers, Sites and Navigation; fuzzy matching; keyboard-driven.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const [open, setOpen] = useState(false);
  const [state, dispatch] = useReducer(searchReducer, INITIAL_SEARCH_STATE);
  const { items, loading, failed, retry } = useSearchItems(open);
  const favorites = useSearchFavorites();

  const groups = useMemo(() => searchGroups(items, state.query), [items, state.query]);
  const results = useMemo(() => flattenGroups(groups), [groups]);

  const close = useCallback(() => {
    setOpen(false);
    dispatch({ type: 'clear' });
    favorites.reloadChanged();
  }, [favorites]);

  const choose = useCallback(
    (item: SearchItem) => {
      if (item.target === '_blank') window.open(item.path, '_blank', 'noopener,noreferrer');
      else void navigate(item.path);
      close();
    },
    [navigate, close],
  );

  // Cmd/Ctrl+K opens search from the small breakpoint up (below it only the icon does).
  useEffect(() => {
    if (!wide) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      // Browsers bind Ctrl+K to their own search box.
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [wide]);

  const onChooseSelected = () => {
    const index = chosenIndex(state.selected, results.length);
    const item = index === null ? undefined : results[index];
    if (item) choose(item);
  };

  return (
    <>
      {wide ? (
        <ButtonBase
          onClick={() => setOpen(true)}
          aria-label={t('search.button')}
          aria-haspopup="dialog"
          data-testid="search-button"
          sx={{
            gap: 1,
            px: 1.5,
            py: 0.75,
            minWidth: { sm: 180, md: 240 },
            justifyContent: 'flex-start',
            borderRadius: 1,
            color: 'inherit',
            bgcolor: 'rgba(255, 255, 255, 0.15)',
            '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.25)' },
          }}
        >
          <SearchIcon fontSize="small" aria-hidden />
          <Box component="span" sx={{ flexGrow: 1, textAlign: 'left', typography: 'body2', opacity: 0.85 }}>
            {t('search.button')}
          </Box>
          <Box
            component="kbd"
            sx={{
              typography: 'caption',
              fontFamily: 'inherit',
              px: 0.75,
              borderRadius: 0.5,
              border: 1,
              borderColor: 'rgba(255, 255, 255, 0.4)',
            }}
          >
            {shortcutHint(navigator.platform)}
          </Box>
        </ButtonBase>
      ) : (
        <IconButton
          color="inherit"
          onClick={() => setOpen(true)}
          aria-label={t('search.button')}
          aria-haspopup="dialog"
          data-testid="search-button"
        >
          <SearchIcon />
        </IconButton>
      )}
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth={false}
        aria-label={t('search.dialogLabel')}
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
        slotProps={{
          paper: {
            'data-testid': 'search-dialog',
            sx: { width: '100%', maxWidth: WIDTHS.searchDialog, mt: { xs: 2, sm: 10 }, mx: 2 },
          },
        }}
      >
        {open && (
          <SearchDialogContent
            state={state}
            groups={groups}
            results={results}
            loading={loading}
            failed={failed}
            onRetry={retry}
            onType={(query) => dispatch({ type: 'type', query })}
            onMove={(direction) => dispatch({ type: 'move', direction, count: results.length })}
            onChooseSelected={onChooseSelected}
            onChoose={choose}
            onToggleFavorite={(kind, id, isFavorite) =>
              void (kind === 'server'
                ? favorites.toggleServer(id, isFavorite)
                : favorites.toggleSite(id, isFavorite))
            }
          />
        )}
      </Dialog>
    </>
  );
}
