import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from './api';
import { menuActions, type MenuAction } from './file-rules';

export interface ContextMenuAt {
  entry: FileEntry;
  x: number;
  y: number;
}

/** The right-click menu of spec/001 §2 with its conditions (file-rules menuActions). */
export function FileContextMenu({
  at,
  onClose,
  onAction,
}: {
  at: ContextMenuAt | null;
  onClose(): void;
  onAction(action: MenuAction, entry: FileEntry): void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      open={at !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={at ? { top: at.y, left: at.x } : undefined}
      slotProps={{ list: { dense: true, 'data-testid': 'file-menu' } as object }}
    >
      {at &&
        menuActions(at.entry).map((action) => (
          <MenuItem
            key={action}
            data-testid={`file-menu-${action}`}
            onClick={() => {
              onClose();
              onAction(action, at.entry);
            }}
          >
            <ListItemText>{t(`files.menu.${action}`)}</ListItemText>
          </MenuItem>
        ))}
    </Menu>
  );
}
