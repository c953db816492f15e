import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MusicNote from '@mui/icons-material/MusicNote';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Radio from '@mui/icons-material/Radio';
import SkipNext from '@mui/icons-material/SkipNext';
import SkipPrevious from '@mui/icons-material/SkipPrevious';
import { useMusicSettings, useMusicTracks } from '../api/get-music';
import { MusicPlayer } from '../music-player';
import { buildPlaylist } from '../playlist';
import { SCORES } from '../scores';

/**
 * Previous, play/pause, next and the track name, in the top bar.
 * Built-in pieces are synthesised in the browser, uploaded files and the
 * radio station play as audio; the playlist moves on when a track ends. On a
 * phone the controls fold into one Music button whose menu holds the same
 * three, the track name on Play/Pause, so the screen's title keeps its room.
 */
export function MusicControls() {
  const settings = useMusicSettings();
  const names = useMusicTracks();
  const [player] = useState(() => new MusicPlayer());
  const theme = useTheme();
  const isPhone = !useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const state = useSyncExternalStore(player.subscribe, player.getState);
  const playlist = useMemo(
    () => (settings.data ? buildPlaylist(settings.data, names.data ?? {}, SCORES) : []),
    [settings.data, names.data],
  );
  useEffect(() => player.setTracks(playlist), [player, playlist]);
  useEffect(() => () => player.dispose(), [player]);

  if (settings.isError) return null;
  const track = state.tracks[state.index];
  const canPlay = track?.source != null;
  const canStep = state.tracks.length > 1;
  const title = track?.name ?? 'No music selected';
  const why = state.problem ?? (track && !canPlay ? `${track.name} has no audio` : null);
  const isRadio = track?.source?.kind === 'stream';

  const group = {
    role: 'group',
    'aria-label': 'Music controls',
    'data-audio-state': state.audioState,
    'data-playing': state.playing,
  };
  if (isPhone) {
    const close = () => setMenuAnchor(null);
    return (
      <Stack direction="row" sx={{ alignItems: 'center' }} {...group}>
        <IconButton
          color="inherit"
          id="music-menu-button"
          aria-label={state.playing ? `Music, playing ${title}` : 'Music'}
          aria-haspopup="menu"
          aria-controls={menuAnchor === null ? undefined : 'music-menu'}
          aria-expanded={menuAnchor === null ? undefined : true}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          {isRadio ? <Radio /> : <MusicNote />}
        </IconButton>
        <Menu
          id="music-menu"
          anchorEl={menuAnchor}
          open={menuAnchor !== null}
          onClose={close}
          slotProps={{ list: { 'aria-labelledby': 'music-menu-button', dense: true } }}
        >
          <MenuItem disabled={!canStep} onClick={() => player.previous()}>
            <ListItemIcon>
              <SkipPrevious fontSize="small" />
            </ListItemIcon>
            Previous track
          </MenuItem>
          <MenuItem
            disabled={!canPlay}
            onClick={() => {
              player.toggle();
              close();
            }}
          >
            <ListItemIcon>
              {state.playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
            </ListItemIcon>
            <ListItemText
              primary={state.playing ? 'Pause' : 'Play'}
              secondary={<span data-testid="track-name">{why ? `${title} (${why})` : title}</span>}
            />
          </MenuItem>
          <MenuItem disabled={!canStep} onClick={() => player.next()}>
            <ListItemIcon>
              <SkipNext fontSize="small" />
            </ListItemIcon>
            Next track
          </MenuItem>
        </Menu>
      </Stack>
    );
  }

  return (
    <Stack direction="row" sx={{ alignItems: 'center', mr: 2, minWidth: 0 }} {...group}>
      <IconButton
        color="inherit"
        size="small"
        aria-label="Previous track"
        disabled={!canStep}
        onClick={() => player.previous()}
      >
        <SkipPrevious fontSize="small" />
      </IconButton>
      <Tooltip title={why ?? `${state.playing ? 'Pause' : 'Play'}: ${title}`}>
        <span>
          <IconButton
            color="inherit"
            size="small"
            aria-label={state.playing ? 'Pause' : 'Play'}
            disabled={!canPlay}
            onClick={() => player.toggle()}
          >
            {state.playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <IconButton
        color="inherit"
        size="small"
        aria-label="Next track"
        disabled={!canStep}
        onClick={() => player.next()}
      >
        <SkipNext fontSize="small" />
      </IconButton>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', ml: 0.5, minWidth: 0, display: { xs: 'none', md: 'flex' } }}
      >
        {isRadio ? (
          <Radio fontSize="small" />
        ) : (
          <MusicNote fontSize="small" sx={{ opacity: canPlay ? 1 : 0.6 }} />
        )}
        <Typography
          variant="body2"
          noWrap
          title={why ? `${title} (${why})` : title}
          data-testid="track-name"
          sx={{ maxWidth: 240, opacity: why ? 0.75 : 1 }}
        >
          {title}
        </Typography>
      </Stack>
    </Stack>
  );
}
