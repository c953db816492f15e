import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AboutAccordion } from './about-accordion';
import { Formula, V } from './formula';
import { HARD_CONSTRAINTS, OBJECTIVE_TERMS } from './foundations-text';

/** The optimisation model (docs/optimization.md), written for physicists and managers. */
export function FoundationsSection() {
  return (
    <AboutAccordion
      id="foundations"
      title="The mathematical foundations"
      summary="Hard constraints that are never broken, and one objective that every algorithm minimises."
    >
      <Typography sx={{ mb: 2 }}>
        Every job has two slots, lead and data acquisition. A plan fills slots with physicists and
        gives each job a kit. All sixteen algorithms search for the same thing: a plan that respects
        the hard constraints and has the smallest objective <V>F</V>. They differ only in how they
        search, and one shared evaluator scores every plan.
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Hard constraints (never violated)
      </Typography>
      <Box component="ol" sx={{ mt: 1, mb: 2, pl: 3, '& li': { mb: 0.75 } }}>
        {HARD_CONSTRAINTS.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        The objective (minimised)
      </Typography>
      <Formula label="F equals 1,000,000 times U plus proximity times D over 100 plus job balance times B plus staff rotation times R">
        <i>F</i> = 1,000,000·<i>U</i> + proximity·<i>D</i>/100 + job_balance·<i>B</i> +
        staff_rotation·<i>R</i>
      </Formula>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 700, mt: 1.5 }, '& dd': { ml: 0 } }}>
        {OBJECTIVE_TERMS.map((term) => (
          <Box key={term.symbol}>
            <dt>
              <V>{term.symbol}</V>: {term.name}
            </dt>
            <dd>{term.meaning}</dd>
          </Box>
        ))}
      </Box>
      <Formula label="Target share t_p equals J times a_p over the sum of a_q over physicists q of the same role">
        <i>t</i>
        <sub>p</sub> = <i>J</i> · <i>a</i>
        <sub>p</sub> / Σ<sub>q of p’s role</sub> <i>a</i>
        <sub>q</sub>, &nbsp; <i>B</i> = Σ<sub>p</sub> |<i>n</i>
        <sub>p</sub> − <i>t</i>
        <sub>p</sub>|, &nbsp; <i>R</i> = Σ<sub>p,c</sub> max(0, <i>m</i>
        <sub>pc</sub> − 1)
      </Formula>
      <Typography sx={{ mt: 2 }}>
        The weight of a million on <V>U</V> means no saving in miles, balance or rotation can ever
        pay for an empty slot: every algorithm first fills every slot it can. The three weights
        (proximity, job balance, staff rotation) are set by an administrator and say how much one
        mile, one job of imbalance and one repeat visit are worth against each other. Because{' '}
        <V>F</V> is linear in the assignment choices, an exact mixed-integer solver can find the
        true optimum, and every other method&apos;s gap to it can be measured.
      </Typography>
    </AboutAccordion>
  );
}
