import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import NorthIcon from '@mui/icons-material/North';
import SearchIcon from '@mui/icons-material/Search';
import SouthIcon from '@mui/icons-material/South';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchResultRow } from './SearchResultRow';
import { searchKeyCommand, type SearchState } from './search-keyboard';
import type { SearchGroup, SearchItem } from './search-model';

interface SearchDialogContentProps {
  state: SearchState;
  groups: readonly SearchGroup[];
  results: readonly SearchItem[];
  loading: boolean;
  /** Servers and sites could not be loaded: only pages are searched. */
  failed: boolean;
  onRetry: () => void;
  onType: (query: string) => void;
  onMove: (direction: 'up' | 'down') => void;
  onChooseSelected: () => void;
  onChoose: (item: SearchItem) => void;
  onToggleFavorite: (kind: 'server' | 'site', id: number, isFavorite: boolean) => void;
}

const LISTBOX_ID = 'global-search-results';
const optionId = (key: string) => `global-search-option-${key}`;

/** The inside of the search dialog: the field, the grouped results and the keyboard hints. */
export function SearchDialogContent(props: SearchDialogContentProps) {
  const { state, groups, results, loading } = props;
  const { t } = useTranslation();
  const selectedItem = state.selected === null ? undefined : results[state.selected];

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter that ends an input-method composition (Vietnamese Telex, for one) is typing, not choosing.
    if (event.nativeEvent.isComposing) return;
    const command = searchKeyCommand(event.key);
    if (command === null || command === 'close') return; // Esc: the dialog's own onClose.
    event.preventDefault();
    if (command === 'up' || command === 'down') props.onMove(command);
    else if (command === 'choose') props.onChooseSelected();
    // 'block': Tab does nothing (spec/000 §2).
  };

  let index = 0;
  return (
    <Box onKeyDown={onKeyDown}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <SearchIcon sx={{ color: 'text.secondary' }} aria-hidden />
        <InputBase
          autoFocus
          fullWidth
          value={state.query}
          onChange={(event) => props.onType(event.target.value)}
          placeholder={t('search.placeholder')}
          data-testid="search-input"
          slotProps={{
            input: {
              'aria-label': t('search.placeholder'),
              'aria-controls': LISTBOX_ID,
              'aria-activedescendant': selectedItem ? optionId(selectedItem.key) : undefined,
              role: 'combobox',
              'aria-expanded': true,
              'aria-autocomplete': 'list',
              autoComplete: 'off',
              spellCheck: false,
            },
          }}
        />
      </Stack>
      <Divider />
      {loading && <LinearProgress sx={{ height: 2 }} />}
      {props.failed && (
        <Alert
          severity="warning"
          data-testid="search-load-failure"
          sx={{ m: 1 }}
          action={
            <Button color="inherit" size="small" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('search.loadFailed')}
        </Alert>
      )}
      <Box sx={{ maxHeight: { xs: '60vh', sm: 420 }, overflowY: 'auto' }}>
        {groups.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="search-empty">
            {t('search.empty')}
          </Typography>
        ) : (
          <Box id={LISTBOX_ID} role="listbox" aria-label={t('search.dialogLabel')}>
            {groups.map((group) => (
              <Box
                key={group.id}
                role="group"
                aria-labelledby={`global-search-group-${group.id}`}
                data-testid={`search-group-${group.id}`}
              >
                <Stack
                  direction="row"
                  sx={{
                    justifyContent: 'space-between',
                    px: 2,
                    py: 0.75,
                    position: 'sticky',
                    top: 0,
                    zIndex: 1,
                    bgcolor: 'background.paper',
                    color: 'text.secondary',
                    typography: 'overline',
                    lineHeight: 1.6,
                  }}
                >
                  <span id={`global-search-group-${group.id}`}>{t(`search.groups.${group.id}`)}</span>
                  <span data-testid="search-group-count">
                    {group.items.length}/{group.total}
                  </span>
                </Stack>
                {group.items.map((item) => {
                  const itemIndex = index++;
                  return (
                    <SearchResultRow
                      key={item.key}
                      id={optionId(item.key)}
                      item={item}
                      selected={state.selected === itemIndex}
                      onChoose={() => props.onChoose(item)}
                      onToggleFavorite={props.onToggleFavorite}
                    />
                  );
                })}
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <Divider />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ px: 2, py: 1, flexWrap: 'wrap', color: 'text.secondary', typography: 'caption' }}
        data-testid="search-hints"
      >
        <Hint keys={<KeyboardReturnIcon sx={{ fontSize: 14 }} />} text={t('search.hintSelect')} />
        <Hint
          keys={
            <>
              <NorthIcon sx={{ fontSize: 14 }} />
              <SouthIcon sx={{ fontSize: 14 }} />
            </>
          }
          text={t('search.hintNavigate')}
        />
        <Hint keys="Esc" text={t('search.hintClose')} />
      </Stack>
    </Box>
  );
}

function Hint({ keys, text }: { keys: ReactNode; text: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Box
        component="kbd"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          px: 0.5,
          minHeight: 20,
          border: 1,
          borderColor: 'divider',
          borderRadius: 0.5,
          fontFamily: 'inherit',
        }}
      >
        {keys}
      </Box>
      <span>{text}</span>
    </Stack>
  );
}
