import '@mui/material/Badge';
import '@mui/material/Dialog';
import '@mui/material/Drawer';
import '@mui/material/Menu';

// Test ids on slots the browser tests look for (dialogs, menus, the bell's badge). MUI's slot
// props types list DOM attributes but not data-* ones written in an object literal.
declare module '@mui/material/Badge' {
  interface BadgeBadgeSlotPropsOverrides {
    'data-testid'?: string;
  }
}
declare module '@mui/material/Dialog' {
  interface DialogPaperSlotPropsOverrides {
    'data-testid'?: string;
  }
}
declare module '@mui/material/Drawer' {
  interface DrawerPaperSlotPropsOverrides {
    'data-testid'?: string;
  }
}
declare module '@mui/material/Menu' {
  interface MenuListSlotPropsOverrides {
    'data-testid'?: string;
  }
  interface MenuPaperSlotPropsOverrides {
    'data-testid'?: string;
  }
}
