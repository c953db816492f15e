import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AlternateEmail from '@mui/icons-material/AlternateEmail';
import DevicesOther from '@mui/icons-material/DevicesOther';
import Password from '@mui/icons-material/Password';
import type { TokenClaims } from '@meridian/contracts';

interface UserMenuProps {
  claims: TokenClaims;
  onChangePassword: () => void;
  onChangeEmail: () => void;
  onLogoutEverywhere: () => void;
}

/**
 * Who is signed in (name and role; on a phone only the icon), opening the
 * account menu: change password, change e-mail, sign out everywhere.
 */
export function UserMenu({
  claims,
  onChangePassword,
  onChangeEmail,
  onLogoutEverywhere,
}: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <ButtonBase
        id="user-menu-button"
        // The visible name and role come first, as shown (WCAG 2.5.3, axe label-content-name-mismatch).
        aria-label={`${claims.sub} ${claims.role}, account menu`}
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : 'user-menu'}
        aria-expanded={anchor === null ? undefined : true}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          mr: { xs: 0, sm: 2 },
          px: { xs: 0.75, sm: 1 },
          py: 0.5,
          borderRadius: 1,
          gap: 1,
          // The theme's ring in the bar's text colour: the primary ring vanishes on the bar.
          '&.Mui-focusVisible': { outlineColor: 'currentColor' },
        }}
      >
        <AccountCircle />
        <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'left' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {claims.sub}
          </Typography>{' '}
          <Typography
            variant="caption"
            component="div"
            sx={{ opacity: 0.8, textTransform: 'capitalize' }}
          >
            {claims.role}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': 'user-menu-button' } }}
      >
        <MenuItem onClick={choose(onChangePassword)}>
          <ListItemIcon>
            <Password fontSize="small" />
          </ListItemIcon>
          Change password
        </MenuItem>
        <MenuItem onClick={choose(onChangeEmail)}>
          <ListItemIcon>
            <AlternateEmail fontSize="small" />
          </ListItemIcon>
          Change e-mail
        </MenuItem>
        <MenuItem onClick={choose(onLogoutEverywhere)}>
          <ListItemIcon>
            <DevicesOther fontSize="small" />
          </ListItemIcon>
          Sign out everywhere
        </MenuItem>
      </Menu>
    </>
  );
}
