import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from './api';
import { FileIcon } from './FileIcon';
import { LIST_ROW_HEIGHT, listWindow } from './list-window';
import { formatModified, sizeLabel, toggleAll, toggleChecked, toggleSingle } from './file-rules';

interface FileListProps {
  entries: FileEntry[];
  /** The folder has been listed: only then does no entry mean an empty folder. */
  loaded: boolean;
  selected: string[];
  onSelect(selected: string[]): void;
  onOpen(entry: FileEntry): void;
  onContextMenu(entry: FileEntry, event: MouseEvent): void;
  /** Clicking a row's permission opens chmod for it, its ownership chown. */
  onAttribute(entry: FileEntry, dialog: 'chmod' | 'chown'): void;
  disabled: boolean;
}

/**
 * The file list (spec/001 §2): name, size (a dash for folders), permission, ownership and date,
 * a checkbox per row, no paging. Clicking a row toggles it as the single selection; the checkboxes
 * add to it; double-clicking opens.
 */
export function FileList({
  entries,
  loaded,
  selected,
  onSelect,
  onOpen,
  onContextMenu,
  onAttribute,
  disabled,
}: FileListProps) {
  const { t, i18n } = useTranslation();
  const all = entries.map((entry) => entry.path);
  // Sets: a select-all in a folder of 100k files must not compare every pair.
  const selectedSet = new Set(selected);
  const allChecked = all.length > 0 && all.every((path) => selectedSet.has(path));
  const [view, setView] = useState({ top: 0, height: 800 });
  const shown = listWindow(entries.length, view.top, view.height);
  return (
    <Box
      sx={{ overflow: 'auto', height: '100%' }}
      onScroll={(event) =>
        setView({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })
      }
    >
      <Table size="small" stickyHeader data-testid="file-list">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={allChecked}
                indeterminate={!allChecked && selected.length > 0}
                disabled={disabled || all.length === 0}
                onChange={() => onSelect(toggleAll(selected, all))}
                slotProps={{ input: { 'aria-label': t('files.list.selectAll') } }}
              />
            </TableCell>
            <TableCell>{t('files.list.name')}</TableCell>
            <TableCell align="right">{t('files.list.size')}</TableCell>
            <TableCell>{t('files.list.permission')}</TableCell>
            <TableCell>{t('files.list.ownership')}</TableCell>
            <TableCell>{t('files.list.date')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.before > 0 && <TableRow sx={{ height: shown.before }} />}
          {entries.slice(shown.start, shown.end).map((entry) => {
            const checked = selectedSet.has(entry.path);
            return (
              <TableRow
                key={entry.path}
                hover
                selected={checked}
                data-testid="file-row"
                data-name={entry.name}
                data-type={entry.type}
                onClick={() => {
                  if (!disabled) onSelect(toggleSingle(selected, entry.path));
                }}
                onDoubleClick={() => {
                  if (!disabled) onOpen(entry);
                }}
                onContextMenu={(event) => {
                  event.preventDefault();
                  if (disabled) return;
                  if (!checked) onSelect([entry.path]);
                  onContextMenu(entry, event);
                }}
                sx={{ cursor: 'pointer', userSelect: 'none', height: LIST_ROW_HEIGHT }}
              >
                <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    size="small"
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onSelect(toggleChecked(selected, entry.path))}
                    slotProps={{ input: { 'aria-label': entry.name } }}
                  />
                </TableCell>
                <TableCell sx={{ maxWidth: 360 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <FileIcon entry={entry} />
                    <Box
                      component="span"
                      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {entry.name}
                    </Box>
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {sizeLabel(entry)}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {/* The value itself opens its dialog; the rest of the cell stays the row's. */}
                  <Box
                    component="span"
                    role="button"
                    data-testid="file-row-permission"
                    title={t('files.list.chmod')}
                    sx={{ cursor: 'pointer', '&:hover': { textDecoration: 'underline' } }}
                    onClick={(event) => {
                      event.stopPropagation();
                      if (!disabled) onAttribute(entry, 'chmod');
                    }}
                  >
                    {entry.permission.string} ({entry.permission.number})
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {/* The value itself opens its dialog; the rest of the cell stays the row's. */}
                  <Box
                    component="span"
                    role="button"
                    data-testid="file-row-owner"
                    title={t('files.list.chown')}
                    sx={{ cursor: 'pointer', '&:hover': { textDecoration: 'underline' } }}
                    onClick={(event) => {
                      event.stopPropagation();
                      if (!disabled) onAttribute(entry, 'chown');
                    }}
                  >
                    {entry.owner}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatModified(entry.modified, i18n.language)}
                </TableCell>
              </TableRow>
            );
          })}
          {shown.after > 0 && <TableRow sx={{ height: shown.after }} />}
        </TableBody>
      </Table>
      {loaded && entries.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="file-list-empty">
          {t('files.list.empty')}
        </Box>
      )}
    </Box>
  );
}
