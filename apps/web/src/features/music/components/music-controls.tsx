import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
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
 * Previous, play/pause, next and the track name (spec section 2, top bar).
 * Built-in pieces are synthesised in the browser, uploaded files and the
 * radio station play as audio; the playlist moves on when a track ends.
 */
export function MusicControls() {
  const settings = useMusicSettings();
  const names = useMusicTracks();
  const [player] = useState(() => new MusicPlayer());
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

  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', mr: 2, minWidth: 0 }}
      role="group"
      aria-label="Music controls"
      data-audio-state={state.audioState}
      data-playing={state.playing}
    >
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
