import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Highlight } from './landing-copy';

interface LandingSectionProps {
  id: string;
  background: string;
  /** A muted looping video behind the content, under a see-through gradient; null for none. */
  video?: string | null;
  children: ReactNode;
}

/** One full-height section of the landing; each one is a scroll-snap stop. */
export function LandingSection({ id, background, video = null, children }: LandingSectionProps) {
  return (
    <Box
      component="section"
      id={id}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        minHeight: '100vh',
        scrollSnapAlign: 'start',
        display: 'flex',
        alignItems: 'center',
        py: { xs: 6, md: 8 },
        background,
        color: 'common.white',
      }}
    >
      {video !== null && (
        <>
          <Box
            component="video"
            data-testid="landing-video"
            src={video}
            autoPlay
            muted
            loop
            playsInline
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
            }}
          />
          {/* The gradient stays over the video, lighter, so the text keeps its contrast. */}
          <Box aria-hidden sx={{ position: 'absolute', inset: 0, background, opacity: 0.72 }} />
        </>
      )}
      <Container maxWidth="lg" sx={{ position: 'relative' }}>
        {children}
      </Container>
    </Box>
  );
}

/** A titled grid of highlight cards for the scheduling and analytics sections. */
export function HighlightGrid({ highlights }: { highlights: readonly Highlight[] }) {
  return (
    <Grid container spacing={2.5} sx={{ mt: 4 }}>
      {highlights.map((highlight) => (
        <Grid key={highlight.title} size={{ xs: 12, sm: 6 }}>
          <Card
            variant="outlined"
            sx={{
              height: '100%',
              bgcolor: 'rgba(255,255,255,0.08)',
              borderColor: 'rgba(255,255,255,0.22)',
              color: 'inherit',
              backdropFilter: 'blur(4px)',
            }}
          >
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 0.75 }}>
                {highlight.title}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.88, lineHeight: 1.6 }}>
                {highlight.text}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
