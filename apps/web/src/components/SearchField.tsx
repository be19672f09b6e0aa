import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** The search box of the server list and the applications page; its text lives in the URL. */
export function SearchField({
  value,
  onChange,
  label,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  testId: string;
}) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={label}
      sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}
      slotProps={{
        htmlInput: { 'data-testid': testId, 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
