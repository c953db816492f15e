import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';

interface AboutAccordionProps {
  id: string;
  title: string;
  summary: string;
  defaultExpanded?: boolean;
  children: ReactNode;
}

/** One expandable section of /about. */
export function AboutAccordion({
  id,
  title,
  summary,
  defaultExpanded,
  children,
}: AboutAccordionProps) {
  return (
    <Accordion defaultExpanded={defaultExpanded} disableGutters>
      <AccordionSummary
        expandIcon={<ExpandMore />}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
      >
        <div>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {summary}
          </Typography>
        </div>
      </AccordionSummary>
      <AccordionDetails sx={{ '& p': { lineHeight: 1.7 } }}>{children}</AccordionDetails>
    </Accordion>
  );
}
