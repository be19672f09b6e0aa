import FolderIcon from '@mui/icons-material/Folder';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import LoginIcon from '@mui/icons-material/Login';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { moveHighlight, searchOptions, type SearchOption } from './search-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';

/**
 * spec/001 §2 Search (640): fuzzy over the loaded tree; up/down/tab/shift+tab move, Enter chooses,
 * Esc clears the field or closes when it is empty.
 */
export function SearchDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const options = useMemo(() => searchOptions(context.treeEntries, query), [context.treeEntries, query]);
  const current = Math.min(highlight, Math.max(options.length - 1, 0));

  function choose(option: SearchOption | undefined) {
    if (!option) return;
    if (option.kind === 'goto') context.open(option.path, 'dir');
    else context.open(option.entry.path, option.entry.type === 'file' ? 'file' : 'dir');
    onClose();
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowDown' || (event.key === 'Tab' && !event.shiftKey) ? 1 : 0;
    const back = event.key === 'ArrowUp' || (event.key === 'Tab' && event.shiftKey) ? -1 : 0;
    if (step || back) {
      event.preventDefault();
      setHighlight(moveHighlight(current, options.length, step ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[current]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (query === '') onClose();
      else setQuery('');
    }
  }

  return (
    <FileDialogFrame name="search" width="search" title={t('fileDialogs.search.title')} onClose={onClose}>
      <TextField
        autoFocus
        fullWidth
        size="small"
        value={query}
        placeholder={t('fileDialogs.search.placeholder')}
        onChange={(event) => {
          setQuery(event.target.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: { 'data-testid': FILE_DIALOG_FIELD.search, 'aria-label': t('fileDialogs.search.title') },
        }}
      />
      <List dense role="listbox">
        {options.map((option, index) => (
          <ListItemButton
            key={option.kind === 'goto' ? `goto:${option.path}` : option.entry.path}
            selected={index === current}
            role="option"
            aria-selected={index === current}
            onClick={() => choose(option)}
            data-testid={FILE_DIALOG_FIELD.searchOption}
          >
            <ListItemIcon>
              {option.kind === 'goto' ? (
                <LoginIcon fontSize="small" />
              ) : option.entry.type === 'file' ? (
                <InsertDriveFileOutlinedIcon fontSize="small" />
              ) : (
                <FolderIcon fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={
                option.kind === 'goto'
                  ? t('fileDialogs.search.goTo', { path: option.path })
                  : option.entry.path
              }
            />
          </ListItemButton>
        ))}
      </List>
    </FileDialogFrame>
  );
}
