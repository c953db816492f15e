import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import type { LinkSuggestion } from '@meridian/contracts';
import type { Physicist, User } from '@meridian/domain';

interface PhysicistLinkCellProps {
  user: User;
  physicists: readonly Physicist[];
  /** Which account holds each linked physicist, by physicist id. */
  holders: ReadonlyMap<number, string>;
  suggestion: LinkSuggestion | undefined;
  onLink: (user: User, physicistId: number | null) => void;
  /** Fill the width (the phone card) instead of sizing to the menu. */
  fullWidth?: boolean;
}

/** The physicist an account is linked to: a picker (one account per physicist) and a suggested link to confirm. */
export function PhysicistLinkCell({
  user,
  physicists,
  holders,
  suggestion,
  onLink,
  fullWidth = false,
}: PhysicistLinkCellProps) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: fullWidth ? 'stretch' : 'flex-start' }}>
      <Select
        size="small"
        fullWidth={fullWidth}
        value={user.physicist_id === null ? '' : String(user.physicist_id)}
        displayEmpty
        inputProps={{ 'aria-label': `Physicist of ${user.username}` }}
        onChange={(event) =>
          onLink(user, event.target.value === '' ? null : Number(event.target.value))
        }
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">
          <em>Not linked</em>
        </MenuItem>
        {physicists.map((p) => {
          const holder = holders.get(p.id);
          const takenByOther = holder !== undefined && holder !== user.username;
          return (
            <MenuItem key={p.id} value={String(p.id)} disabled={takenByOther}>
              {p.name}
              {takenByOther ? ` (linked to ${holder})` : ''}
            </MenuItem>
          );
        })}
      </Select>
      {suggestion && user.physicist_id === null && (
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          aria-label={`Confirm link of ${user.username} to ${suggestion.physicist_name}`}
          onClick={() => onLink(user, suggestion.physicist_id)}
          sx={{ textAlign: 'left' }}
        >
          Link to {suggestion.physicist_name}? (same{' '}
          {suggestion.matched_on === 'name' ? 'name' : 'e-mail'})
        </Button>
      )}
    </Stack>
  );
}
