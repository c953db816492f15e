import Link from '@mui/material/Link';

/**
 * The first stop of the Tab order: a link past the top bar and the drawer to
 * `targetId`, hidden until it has keyboard focus (WCAG 2.4.1). The target
 * needs tabIndex={-1} so that it can take the focus.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: string }) {
  return (
    <Link
      href={`#${targetId}`}
      onClick={(event) => {
        // Move focus, not only the scroll position, so the next Tab continues from the target.
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView({ block: 'start' });
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {children}
    </Link>
  );
}
