import { useId, useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Check from '@mui/icons-material/Check';
import Palette from '@mui/icons-material/Palette';
import type { ThemeChoice } from '@meridian/contracts';
import { THEMES, type ThemeName } from '@meridian/domain';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { THEME_LABELS } from '../../../lib/themes/theme-options';
import {
  CHOICE_LABELS,
  DEVICE_DARK_THEME,
  isDarkTheme,
  useDeviceIsDark,
} from '../../../lib/themes/theme-choice';
import { useMyAppearance, useUpdateMyAppearance } from '../api/my-appearance';

/** What each choice says under its name, so the user knows what they will get. */
function hint(choice: ThemeChoice, organisation: ThemeName, deviceIsDark: boolean): string | null {
  if (choice === 'organisation') return THEME_LABELS[organisation];
  if (choice !== 'device') return null;
  const dark = isDarkTheme(organisation) ? organisation : DEVICE_DARK_THEME;
  const now = deviceIsDark ? 'dark now' : 'light now';
  return `Light: ${THEME_LABELS[organisation]}, dark: ${THEME_LABELS[dark]} (${now})`;
}

/**
 * The top bar's theme menu: the organisation's theme, the device's light or
 * dark setting, or one of the eight themes, saved on the server so the choice
 * follows the user to every device. Its items are radio items: the arrow keys
 * move, Enter or Space chooses.
 */
export function ThemeMenu() {
  const { data } = useMyAppearance(true);
  const update = useUpdateMyAppearance();
  const toast = useToast();
  const deviceIsDark = useDeviceIsDark();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!data) return null;

  const choose = (choice: ThemeChoice) => {
    setAnchor(null);
    if (choice === data.theme_choice) return;
    update.mutate(
      { theme_choice: choice },
      { onError: (error) => toast.error(`Theme not saved: ${errorMessage(error)}`) },
    );
  };
  const item = (choice: ThemeChoice, label: string) => {
    const selected = choice === data.theme_choice;
    const secondary = hint(choice, data.organisation_theme, deviceIsDark);
    return (
      <MenuItem
        key={choice}
        role="menuitemradio"
        aria-checked={selected}
        selected={selected}
        onClick={() => choose(choice)}
        sx={{ whiteSpace: 'normal' }}
      >
        <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
        <ListItemText primary={label} secondary={secondary} />
      </MenuItem>
    );
  };

  return (
    <>
      <Tooltip title="Theme">
        <IconButton
          color="inherit"
          aria-label="Theme"
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Palette />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-label': 'Theme', dense: true },
          paper: { sx: { maxWidth: 320 } },
        }}
      >
        {item('organisation', CHOICE_LABELS.organisation)}
        {item('device', CHOICE_LABELS.device)}
        <Divider />
        {THEMES.map((name) => item(name, THEME_LABELS[name]))}
      </Menu>
    </>
  );
}
