import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { AboutAccordion } from './about-accordion';

const TENETS = [
  {
    title: 'Rules are never traded away',
    text: 'A plan that double-books someone, sends them during leave or uses a kit in maintenance is not offered, however short its miles.',
  },
  {
    title: 'One model, one judge',
    text: 'Every algorithm solves the same problem and is scored by the same evaluator, so comparisons between them are fair and repeatable.',
  },
  {
    title: 'People decide',
    text: 'The optimiser proposes; managers review, change and pin assignments, and pinned choices are kept by every later run.',
  },
  {
    title: 'Fairness is measured, not assumed',
    text: "Each physicist's share of the work follows the days they are available, and the analytics show who is above or below it.",
  },
  {
    title: 'Transparent numbers',
    text: 'Distances, workload and coverage are shown and exportable, so a plan can be explained to the people who travel.',
  },
];

/** The principles the product is built on. */
export function TenetsSection() {
  return (
    <AboutAccordion
      id="tenets"
      title="Core tenets"
      summary="What the scheduler will and will not do."
    >
      <List disablePadding>
        {TENETS.map((tenet) => (
          <ListItem key={tenet.title} disableGutters>
            <ListItemText
              primary={tenet.title}
              secondary={tenet.text}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }}
            />
          </ListItem>
        ))}
      </List>
    </AboutAccordion>
  );
}
