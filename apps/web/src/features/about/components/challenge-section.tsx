import Typography from '@mui/material/Typography';
import { AboutAccordion } from './about-accordion';

/** Why scheduling physicists is hard, for the people who do it by hand today. */
export function ChallengeSection() {
  return (
    <AboutAccordion
      id="challenge"
      title="The challenge"
      summary="Hundreds of site visits, a national team, and every week different."
      defaultExpanded
    >
      <Typography sx={{ mb: 2 }}>
        Each job is a visit to a customer site, a hospital or clinic at a US zip code, for a run of
        whole days. It needs a lead physicist, a data-acquisition physicist and an equipment kit.
        Physicists live all over the country, take leave, and cannot be in two places at once; kits
        travel from job to job and sometimes go out for maintenance.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Planned by hand, a schedule is usually feasible but rarely good: the nearest physicist gets
        every nearby job, a few people carry most of the travel, and the same physicist visits the
        same customer again and again. Every change, such as a leave request or a moved date, means
        checking the whole plan again.
      </Typography>
      <Typography>
        Meridian Scheduler states the rules once, checks every plan against them, and lets managers
        compare plans by the numbers that matter: slots filled, miles driven or flown, fairness of
        the workload and rotation across customers.
      </Typography>
    </AboutAccordion>
  );
}
