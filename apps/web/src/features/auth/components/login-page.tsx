import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import { useActiveBackground } from '../api/get-active-background';
import { ANALYTICS, SCHEDULING, WELCOME } from './landing-copy';
import { HighlightGrid, LandingSection } from './landing-section';
import { LoginForm } from './login-form';

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** /login: the marketing landing (three scroll-snap sections) with the sign-in form. */
export function LoginPage() {
  const video = useActiveBackground().data ?? null;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <Box
      component="main"
      sx={{ height: '100vh', overflowY: 'auto', scrollSnapType: 'y mandatory' }}
    >
      <LandingSection
        id="welcome"
        background="linear-gradient(135deg, #0b2545 0%, #13315c 55%, #1c4f9c 100%)"
        video={reducedMotion ? null : video}
      >
        {/* Title, form, pitch in reading order; on a phone the form comes right under the
            title, within the first screen, and beside them both from md up. */}
        <Box
          sx={{
            display: 'grid',
            alignItems: 'center',
            columnGap: 6,
            rowGap: { xs: 3, md: 0 },
            gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
            gridTemplateAreas: { xs: '"title" "form" "pitch"', md: '"title form" "pitch form"' },
          }}
        >
          <Box sx={{ gridArea: 'title', alignSelf: 'end' }}>
            <Typography variant="overline" sx={{ letterSpacing: 3, opacity: 0.8 }}>
              {WELCOME.eyebrow}
            </Typography>
            <Typography
              variant="h3"
              component="h1"
              sx={(theme) => ({
                fontWeight: 800,
                mb: { xs: 0, md: 2 },
                // Two lines on a phone, so the form starts within the first screen.
                [theme.breakpoints.down('sm')]: { fontSize: '2rem' },
              })}
            >
              {WELCOME.title}
            </Typography>
          </Box>
          <Box sx={{ gridArea: 'form', display: 'flex', justifyContent: 'center' }}>
            <LoginForm />
          </Box>
          <Box sx={{ gridArea: 'pitch', alignSelf: 'start' }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mb: 3 }}>
              {WELCOME.lead}
            </Typography>
            <Stack spacing={1.25}>
              {WELCOME.points.map((point) => (
                <Stack key={point} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <CheckCircleOutline sx={{ color: '#7fd1c7' }} />
                  <Typography>{point}</Typography>
                </Stack>
              ))}
            </Stack>
            <Button
              onClick={() => scrollTo('scheduling')}
              endIcon={<KeyboardArrowDown />}
              sx={{ mt: 4, color: 'inherit', borderColor: 'rgba(255,255,255,0.5)' }}
              variant="outlined"
            >
              How it works
            </Button>
          </Box>
        </Box>
      </LandingSection>
      <LandingSection
        id="scheduling"
        background="linear-gradient(135deg, #004d40 0%, #00695c 60%, #00897b 100%)"
      >
        <Typography variant="h3" component="h2" sx={{ fontWeight: 800 }}>
          {SCHEDULING.title}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mt: 2 }}>
          {SCHEDULING.lead}
        </Typography>
        <HighlightGrid highlights={SCHEDULING.highlights} />
      </LandingSection>
      <LandingSection
        id="analytics"
        background="linear-gradient(135deg, #311b92 0%, #4527a0 55%, #5e35b1 100%)"
      >
        <Typography variant="h3" component="h2" sx={{ fontWeight: 800 }}>
          {ANALYTICS.title}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mt: 2 }}>
          {ANALYTICS.lead}
        </Typography>
        <HighlightGrid highlights={ANALYTICS.highlights} />
        <Button
          variant="contained"
          color="inherit"
          onClick={() => scrollTo('welcome')}
          sx={{ mt: 5, color: '#311b92' }}
        >
          Back to sign in
        </Button>
      </LandingSection>
    </Box>
  );
}
