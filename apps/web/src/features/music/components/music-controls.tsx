import { useEffect, useMemo, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MusicNote from '@mui/icons-material/MusicNote';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import SkipNext from '@mui/icons-material/SkipNext';
import SkipPrevious from '@mui/icons-material/SkipPrevious';
import { useMusicSettings, useMusicTracks } from '../api/get-music';
import { buildPlaylist } from '../playlist';

const NO_SOURCE = 'No audio source is configured';

/**
 * Previous, play/pause, next and the track name (spec section 2, top bar).
 * The server ships no audio: a track without a file, or whose file fails to
 * load, keeps its name on screen and disables play with the reason.
 */
export function MusicControls() {
  const settings = useMusicSettings();
  const names = useMusicTracks();
  const playlist = useMemo(
    () => (settings.data ? buildPlaylist(settings.data, names.data ?? {}) : []),
    [settings.data, names.data],
  );
  const [index, setIndex] = useState(0);
  const [wantsToPlay, setWantsToPlay] = useState(false);
  // Urls the browser could not load (a 404, a dead station): not offered again this session.
  const [brokenUrls, setBrokenUrls] = useState<ReadonlySet<string>>(new Set());
  const audioRef = useRef<HTMLAudioElement>(null);

  const track = playlist.length > 0 ? playlist[index % playlist.length] : undefined;
  const url = track?.url && !brokenUrls.has(track.url) ? track.url : null;
  const isPlaying = wantsToPlay && url !== null;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!url) {
      audio.pause();
      audio.removeAttribute('src');
      return;
    }
    if (audio.getAttribute('src') !== url) audio.src = url;
    if (isPlaying) audio.play().catch(() => setWantsToPlay(false));
    else audio.pause();
  }, [url, isPlaying]);

  if (settings.isError) return null;
  const step = (delta: number) =>
    setIndex((current) => (current + delta + playlist.length) % Math.max(playlist.length, 1));
  const canStep = playlist.length > 1;
  const title = track?.name ?? 'No music selected';

  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', mr: 2, minWidth: 0 }}
      role="group"
      aria-label="Music controls"
    >
      <audio
        ref={audioRef}
        preload="metadata"
        onEnded={() => step(1)}
        onError={() => {
          const failed = audioRef.current?.getAttribute('src');
          if (failed) setBrokenUrls((current) => new Set(current).add(failed));
        }}
      />
      <IconButton
        color="inherit"
        size="small"
        aria-label="Previous track"
        disabled={!canStep}
        onClick={() => step(-1)}
      >
        <SkipPrevious fontSize="small" />
      </IconButton>
      <Tooltip title={url ? (isPlaying ? 'Pause' : 'Play') : NO_SOURCE}>
        <span>
          <IconButton
            color="inherit"
            size="small"
            aria-label={isPlaying ? 'Pause' : 'Play'}
            disabled={!url}
            onClick={() => setWantsToPlay(!isPlaying)}
          >
            {isPlaying ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <IconButton
        color="inherit"
        size="small"
        aria-label="Next track"
        disabled={!canStep}
        onClick={() => step(1)}
      >
        <SkipNext fontSize="small" />
      </IconButton>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', ml: 0.5, minWidth: 0, display: { xs: 'none', md: 'flex' } }}
      >
        <MusicNote fontSize="small" sx={{ opacity: url ? 1 : 0.6 }} />
        <Typography
          variant="body2"
          noWrap
          title={url ? title : `${title} (${NO_SOURCE.toLowerCase()})`}
          data-testid="track-name"
          sx={{ maxWidth: 240, opacity: url ? 1 : 0.75 }}
        >
          {title}
        </Typography>
      </Stack>
    </Stack>
  );
}
