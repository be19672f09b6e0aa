import '@mui/material/Switch';

// Test ids on a switch's <input> (what Playwright clicks and reads as checked). MUI's slot props
// type lists the input's DOM attributes but not data-* ones in an object literal.
declare module '@mui/material/Switch' {
  interface SwitchInputSlotPropsOverrides {
    'data-testid'?: string;
  }
}
