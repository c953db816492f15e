import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { ChallengeSection } from './challenge-section';
import { FoundationsSection } from './foundations-section';
import { TenetsSection } from './tenets-section';

/** /about: the challenge, the mathematical foundations and the core tenets. */
export function AboutPage() {
  return (
    <>
      <PageHeader title="About" />
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 820 }}>
        How Meridian Scheduler decides who goes where, for the physicists who travel and the
        managers who plan their weeks.
      </Typography>
      <Stack spacing={0} sx={{ maxWidth: 960 }}>
        <ChallengeSection />
        <FoundationsSection />
        <TenetsSection />
      </Stack>
    </>
  );
}
